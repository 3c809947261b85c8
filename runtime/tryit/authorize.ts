/**
 * The Authorize action of a page whose document has an authorization code flow: what Swagger UI
 * and Scalar offer for OAuth, here against the emulator in the page. It sends the authorization
 * request (with PKCE where the document takes it), reads the code from the redirect the emulator
 * gave (a page's fetch sees only an opaque redirect), exchanges it at the token operation with
 * the service's client credentials, and publishes the token to every panel.
 */
import { CloudInterfacesError } from "../core/base-error.js";
import { basicCredential } from "./flow.js";
import type { TryitCodeFlow, TryitOperation, TryitService } from "./descriptor.js";
import type { Flow } from "./flow.js";
import { KEYS } from "./flow.js";
import type { Session } from "./session.js";

export type RequestClient = { request(method: string, path: string, init: Record<string, unknown>): Promise<{ response: Response }> };

const base64url = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

async function pkcePair(): Promise<{ verifier: string; challenge: string }> {
  const verifier = base64url(crypto.getRandomValues(new Uint8Array(32)));
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier)));
  return { verifier, challenge: base64url(digest) };
}

const example = (op: TryitOperation, name: string) => op.parameters.find((p) => p.name === name)?.example;

/** Path parameters filled from the document's examples (the tenant), as every panel pre-fills them. */
function pathParams(op: TryitOperation): Record<string, string> {
  return Object.fromEntries(op.parameters.filter((p) => p.in === "path" && p.example !== undefined).map((p) => [p.name, p.example!]));
}

export interface AuthorizeResult {
  accessToken: string;
  steps: string[];
}

export async function authorizeCodeFlow(service: TryitService, code: TryitCodeFlow, session: Session, flow: Flow, client: RequestClient): Promise<AuthorizeResult> {
  const authorize = service.operations[code.authorize]!;
  const token = service.operations[code.token]!;
  const basic = Object.entries(service.schemes).find(([, s]) => s.type === "http" && s.scheme === "basic")?.[0];
  const credential = (basic && (flow.get(KEYS.credential(basic)) as { username?: string } | undefined)) || undefined;
  const clientId = credential?.username ?? basicCredential(basic ? service.schemes[basic] : undefined).username;
  const redirectUri = example(authorize, "redirect_uri") ?? "https://app.example.com/callback";
  const state = base64url(crypto.getRandomValues(new Uint8Array(12)));
  const pkce = code.pkce ? await pkcePair() : undefined;
  const steps: string[] = [];

  const query: Record<string, string> = { response_type: "code", client_id: clientId, redirect_uri: redirectUri, state, scope: example(authorize, "scope") ?? "openid" };
  if (pkce) Object.assign(query, { code_challenge: pkce.challenge, code_challenge_method: "S256" });
  await client.request(authorize.method, authorize.path, { params: { path: pathParams(authorize), query }, parseAs: "text", redirect: "manual" });
  const redirect = session.last()?.reply;
  const location = Object.entries(redirect?.headers ?? {}).find(([k]) => k.toLowerCase() === "location")?.[1];
  if (!redirect || redirect.status < 300 || redirect.status >= 400 || !location) throw new CloudInterfacesError(`authorization answered ${redirect?.status ?? "nothing"}, not a redirect with a code`);
  const callback = new URL(location);
  const codeValue = callback.searchParams.get("code");
  if (callback.searchParams.get("state") !== state) throw new CloudInterfacesError("the redirect's state is not the one sent");
  if (!codeValue) throw new CloudInterfacesError(`the redirect carries no code: ${callback.searchParams.get("error") ?? location}`);
  steps.push(`${authorize.method} ${authorize.path}${pkce ? " with PKCE (S256)" : ""}: ${redirect.status}, code received`);

  const body: Record<string, string> = { grant_type: "authorization_code", code: codeValue, redirect_uri: redirectUri };
  if (pkce) body.code_verifier = pkce.verifier;
  await client.request(token.method, token.path, { params: { path: pathParams(token) }, headers: { "content-type": code.media }, body, parseAs: "text" });
  const answer = session.last()?.reply;
  let accessToken: unknown;
  try {
    accessToken = (JSON.parse(answer?.body ?? "") as { access_token?: unknown }).access_token;
  } catch {
    accessToken = undefined;
  }
  if (!answer || answer.status !== 200 || typeof accessToken !== "string") throw new CloudInterfacesError(`the token exchange answered ${answer?.status ?? "nothing"}: ${answer?.body ?? ""}`);
  steps.push(`${token.method} ${token.path} (authorization_code): 200, access token issued`);
  return { accessToken, steps };
}
