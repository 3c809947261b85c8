/**
 * Plumbing shared by the real-client tests: the standards clients are told to allow plain
 * HTTP, which they refuse by default, and only ever for the loopback mocks. Nothing here
 * changes what a client sends.
 */
import { tenantEndpoints } from "../../runtime/identity/emulator.js";
import { CLIENT_ID, TENANT_ID } from "../identity/catalogue.js";

export { CLIENT_ID, TENANT_ID };
/** Test value only (the catalogue's Basic password); Prism refuses a secret containing ':'. */
export const CLIENT_SECRET = "test-client-secret";
export const USER_ID = "7b3e8f12-0c4d-4a5e-9f61-2d8c3b7a1e94";
/** The documented host of the identity examples (issuer, discovery endpoints). */
export const DOCUMENTED_ORIGIN = "https://us-south.identity.example.com";

/** The mock's base URL, after checking it is a loopback address (insecure requests are allowed for nothing else). */
export function loopback(url: string): string {
  const { hostname, protocol } = new URL(url);
  if (protocol !== "http:" || !["127.0.0.1", "localhost", "[::1]"].includes(hostname)) {
    throw new Error(`insecure requests are allowed for loopback mocks only, not ${url}`);
  }
  return url.replace(/\/+$/, "");
}

export const issuerOf = (v: "v3" | "v4") => `${DOCUMENTED_ORIGIN}/oauth/${v}/${TENANT_ID}`;

/**
 * v4 has no discovery (§9): the metadata a client is configured with, from the document's
 * paths under `base` (the tenant's path on some origin), signed with the documents' RS256.
 */
export function v4Endpoints(base: string) {
  return {
    issuer: issuerOf("v4"),
    ...tenantEndpoints(base),
    id_token_signing_alg_values_supported: ["RS256"],
  };
}

/** The same metadata with every endpoint on the documented host moved to the loopback mock. */
export function rebase<T extends Record<string, unknown>>(metadata: T, mock: string): T {
  const base = loopback(mock);
  return Object.fromEntries(
    Object.entries(metadata).map(([k, v]) => [
      k,
      k !== "issuer" && typeof v === "string" && v.startsWith(`${DOCUMENTED_ORIGIN}/`) ? base + v.slice(DOCUMENTED_ORIGIN.length) : v,
    ]),
  ) as T;
}

/**
 * A fetch that asks the mock for one documented case (`Prefer: code=…, example=…`, Prism's own
 * selection) and records what the client sent. Everything else passes unchanged.
 */
export function preferring() {
  let prefer: string | undefined;
  const sent: Request[] = [];
  // `init` is typed loosely: each client library passes its own RequestInit-like options.
  const fetchFn = async (input: RequestInfo | URL, init?: any): Promise<Response> => {
    const request = new Request(input, init as RequestInit);
    loopback(new URL(request.url).origin);
    sent.push(request.clone());
    if (prefer) request.headers.set("Prefer", prefer);
    const response = await fetch(request);
    // What the real client sends must be declared by the document (the mock's strict rule, issue 26):
    // a name the document does not declare is one the real service may ignore.
    const ignored = response.headers.get("x-mock-warning");
    if (ignored) throw new Error(`${request.method} ${new URL(request.url).pathname}: the mock ignored ${ignored}`);
    return response;
  };
  return {
    fetch: fetchFn,
    sent,
    /** Sets the case the next requests ask for (undefined: Prism's default, the first example). */
    prefer(value: string | undefined) {
      prefer = value;
    },
  };
}

/**
 * Like `preferring`, for a client configured with the documented https URLs (openid-client's
 * discovery checks the issuer against the URL it was given): requests to the documented host
 * are delivered to the loopback mock, anything else is refused. The client itself keeps its
 * https-only rule; this is its documented `customFetch` hook.
 */
export function routedTo(mock: string) {
  const base = loopback(mock);
  const net = preferring();
  const fetchFn = (input: RequestInfo | URL, init?: any): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.origin !== DOCUMENTED_ORIGIN) throw new Error(`unexpected host ${url.origin}`);
    return net.fetch(base + url.pathname + url.search, init);
  };
  return { ...net, fetch: fetchFn };
}
