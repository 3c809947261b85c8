/**
 * Credentials as a client's creation checks them (credentials.ts sends them): in the first load
 * of a client, without the resolver, the Basic encoding or the header bookkeeping of a call.
 */
// From masked-error.js, not errors.js: a client's first load holds only the errors its creation and checks throw.
import { InputError } from "./masked-error.js";
import { checkHeaderValue } from "./header-value.js";
import type { SecuritySchemeMeta } from "./service-meta.js";

/** What a token provider is told about the call: `signal` aborts with the call's deadline or the caller's signal. */
export interface ProviderContext {
  signal?: AbortSignal;
}
export type SecretSource = string | ((context: ProviderContext) => string | Promise<string>);
export interface BasicCredentials {
  username: string;
  password: string;
}
export type CredentialValue = SecretSource | BasicCredentials;

/** Checked once at client creation so a bad credential fails early, without echoing the secret. */
export function checkCredentials(
  schemes: Readonly<Record<string, SecuritySchemeMeta>>,
  credentials: Readonly<Record<string, unknown>>,
): void {
  for (const [name, value] of Object.entries(credentials)) {
    const field = `credentials.${name}`;
    const scheme = schemes[name];
    if (!scheme) {
      throw new InputError(field, "unknown", `${field}: unknown security scheme; expected one of ${Object.keys(schemes).join(", ") || "(none)"}`);
    }
    if (value === undefined) continue;
    if (scheme.type === "http" && scheme.scheme === "basic") {
      const basic = value as Partial<BasicCredentials>;
      if (basic === null || typeof basic.username !== "string" || typeof basic.password !== "string") {
        throw new InputError(field, "type", `${field}: must be { username: string, password: string }`);
      }
      if (basic.username.length === 0) throw new InputError(`${field}.username`, "minLength", `${field}.username: must not be empty`);
      // RFC 7617 §2: the user-id cannot contain a colon, or the server splits it in the wrong place.
      if (basic.username.includes(":")) throw new InputError(`${field}.username`, "pattern", `${field}.username: must not contain ':' (RFC 7617 §2)`);
      // Basic pairs travel base64-encoded (any UTF-8 passes); control line breaks are refused as before.
      if (/[\r\n\0]/.test(basic.username + basic.password)) throw new InputError(field, "headerSafe", `${field}: must not contain CR, LF or NUL`);
    } else if (typeof value === "string") {
      checkSecretString(field, value);
    } else if (typeof value !== "function") {
      throw new InputError(field, "type", `${field}: must be a string or a function returning one`);
    }
  }
}

export function checkSecretString(field: string, value: string): void {
  if (value.trim().length === 0) throw new InputError(field, "minLength", `${field}: must not be empty`);
  checkHeaderValue(field, value);
}

