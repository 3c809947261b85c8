// From masked-error.js, not errors.js: a client's first load holds only the errors its creation and checks throw.
import { InputError } from "./masked-error.js";
import type { SecuritySchemeMeta, ServiceMeta } from "./service-meta.js";
import { checkSecretString, type BasicCredentials, type ProviderContext, type SecretSource } from "./credential-check.js";

export { checkCredentials, type BasicCredentials, type CredentialValue, type ProviderContext, type SecretSource } from "./credential-check.js";

function providedSecret(field: string, value: unknown): string {
  if (typeof value !== "string") throw new InputError(field, "type", `${field}: the credential provider must return a string`);
  checkSecretString(field, value);
  return value;
}

/** RFC 7617 with UTF-8 (the charset every modern server assumes); btoa needs a binary string. */
export function basicAuthorization({ username, password }: BasicCredentials): string {
  const bytes = new TextEncoder().encode(`${username}:${password}`);
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return `Basic ${btoa(binary)}`;
}

type Security = readonly (readonly string[])[];
type HeaderSet = Record<string, string>;

/** The context a provider gets is made only when a provider is asked (most calls have static credentials). */
export interface CredentialResolver {
  (security: Security, context?: () => ProviderContext): HeaderSet | Promise<HeaderSet>;
  fixed(security: Security): HeaderSet | undefined;
}

/**
 * Resolves the headers for an operation's security: the first alternative whose schemes all
 * have credentials. Static credentials are turned into headers once per operation, at once
 * (no promise, no provider context); only credential functions (token providers) are called
 * per request, and only they make the answer a promise.
 */
export function createCredentialResolver(
  schemes: Readonly<Record<string, SecuritySchemeMeta>>,
  credentials: Readonly<Record<string, unknown>>,
): CredentialResolver {
  const cache = new WeakMap<Security, HeaderSet>();
  /** The headers of an alternative, given each scheme's secret (checked, or a static one checked at creation). */
  const headersOf = (alternative: readonly string[], secret: (name: string) => string): HeaderSet => {
    const headers: HeaderSet = {};
    for (const name of alternative) {
      const scheme = schemes[name];
      if (!scheme) continue;
      if (scheme.type === "http") {
        headers.Authorization = scheme.scheme === "basic" ? basicAuthorization(credentials[name] as BasicCredentials) : `Bearer ${secret(name)}`;
      } else if (scheme.in === "header") {
        headers[scheme.name] = secret(name);
      } else {
        const cookie = `${scheme.name}=${secret(name)}`;
        headers.Cookie = headers.Cookie ? `${headers.Cookie}; ${cookie}` : cookie;
      }
    }
    return headers;
  };
  const provide = async (alternative: readonly string[], context: ProviderContext): Promise<HeaderSet> => {
    const provided: Record<string, string> = {};
    // One provider at a time, in the document's order, as a caller reading the alternative would expect.
    for (const name of alternative) {
      const source = credentials[name];
      if (typeof source === "function") provided[name] = providedSecret(`credentials.${name}`, await (source as (c: ProviderContext) => unknown)(context));
    }
    return headersOf(alternative, (name) => provided[name] ?? (credentials[name] as string));
  };
  const resolve = (security: Security, context?: () => ProviderContext) => {
    const cached = cache.get(security);
    if (cached) return cached;
    const alternative = security.find((set) => set.every((name) => credentials[name] !== undefined));
    if (!alternative) return {};
    if (alternative.some((name) => typeof credentials[name] === "function")) return provide(alternative, context?.() ?? {});
    const headers = headersOf(alternative, (name) => credentials[name] as string);
    cache.set(security, headers);
    return headers;
  };
  /** The headers of static credentials (no provider among them), made once per operation; undefined when a provider must be asked. */
  resolve.fixed = (security: Security): HeaderSet | undefined => {
    const cached = cache.get(security);
    if (cached) return cached;
    const alternative = security.find((set) => set.every((name) => credentials[name] !== undefined));
    // Asking resolve() would call a provider: an alternative with one is left to the call.
    return alternative?.some((name) => typeof credentials[name] === "function") ? undefined : resolve(security) as HeaderSet;
  };
  return resolve;
}

/** The secrets a credential set holds as given (strings and Basic pairs); provider results are only known per call. */
export function staticSecrets(credentials: Readonly<Record<string, unknown>>): string[] {
  const secrets: string[] = [];
  for (const value of Object.values(credentials)) {
    if (typeof value === "string") secrets.push(value);
    // checkCredentials let through only Basic pairs as objects (never null).
    else if (typeof value === "object") {
      const { username, password } = value as BasicCredentials;
      secrets.push(username, password);
    }
  }
  return secrets;
}

/**
 * The secrets inside a credential header value: the whole value, plus each cookie value of a
 * Cookie header or the credential after an auth scheme (`Bearer x`, `Basic x`), since a
 * server may echo any part.
 */
export function headerSecrets(name: string, value: string): string[] {
  if (name.toLowerCase() === "cookie") return [value, ...value.split(";").map((pair) => pair.slice(pair.indexOf("=") + 1))];
  // Without a space this repeats the value, which masks the same text.
  return [value, value.slice(value.indexOf(" ") + 1)];
}

/** Header names whose values are credentials: the standard ones and the document's API key headers. */
export function credentialHeaderNames(meta: Pick<ServiceMeta, "securitySchemes">): Set<string> {
  const names = new Set(["authorization", "proxy-authorization", "cookie"]);
  for (const scheme of Object.values(meta.securitySchemes)) {
    if (scheme.type === "apiKey" && scheme.in === "header") names.add(scheme.name.toLowerCase());
  }
  return names;
}

/** Whether a header set carries any of those names. */
export function carriesCredentials(headers: Headers, names: ReadonlySet<string>): boolean {
  for (const name of headers.keys()) if (names.has(name)) return true;
  return false;
}
