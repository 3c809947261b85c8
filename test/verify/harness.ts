/** What every verify test needs: an emulator per service, the secrets it accepts, and the env that carries them. */
import { createEmulator } from "cloud-interfaces/emulator";
import { loadBundledDocument } from "../../runtime/emulator/documents.js";
import { DEFAULT_CLIENT } from "../../runtime/emulator/services/identity.js";
import { parameterExample, readOperations } from "../../runtime/verify/operations.js";

/**
 * Secrets as the verifier reads them: from environment variables, never from options. Each is
 * one its emulator accepts: metrics' token names its kind (the scheme's x-value-pattern), the
 * widget's key is the project key of the document's examples (the widget checks X-ApiKey against
 * body.key), identity's Basic pair is the emulator's default client.
 */
export const ENV = {
  VERIFY_BEARER: "eyJhbGciOiJSUzI1NiJ9.e30.c2ln-secret",
  VERIFY_METRICS: "iam eyJhbGciOiJSUzI1NiJ9.e30.bWV0cmljcw-secret",
  VERIFY_BASIC: `${DEFAULT_CLIENT.client_id}:${DEFAULT_CLIENT.client_secret}`,
  VERIFY_KEY: "prj_4f1c2a9d",
};

export const CREDENTIALS_ENV: Record<string, Record<string, string>> = {
  "kms-v2": { bearerAuth: "VERIFY_BEARER" },
  "notifications-v1": { bearerAuth: "VERIFY_BEARER" },
  "metrics-v1": { userToken: "VERIFY_METRICS" },
  widget: { apiKey: "VERIFY_KEY" },
  "identity-v3": { bearerAuth: "VERIFY_BEARER", basicAuth: "VERIFY_BASIC" },
  "identity-v4": { bearerAuth: "VERIFY_BEARER", basicAuth: "VERIFY_BASIC" },
};

type Fetch = (request: Request) => Promise<Response>;

/** The options of a full run against an in-process emulator: writes allowed, no rate limit. */
export function emulatorRun(serviceId: string, fetch: Fetch = createEmulator(serviceId).handle) {
  return { baseUrl: "http://emulator.test", fetch, rate: Infinity, allowWrites: true, allowSend: true, env: { ...ENV } as Record<string, string>, credentialsEnv: CREDENTIALS_ENV[serviceId]! };
}

/**
 * The same run with a bearer token the emulator itself issued where it checks its tokens
 * (identity: a client_credentials token of the tenant the document's examples name).
 */
export async function acceptedRun(serviceId: string, fetch: Fetch = createEmulator(serviceId).handle) {
  const run = emulatorRun(serviceId, fetch);
  if (!serviceId.startsWith("identity-")) return run;
  const doc = loadBundledDocument(serviceId) as any;
  const token = readOperations(doc).find((o) => o.path.endsWith("/token") && o.method === "POST")!;
  const tenant = parameterExample(doc, token.parameters.find((p) => p.in === "path")!) as string;
  const answer = await fetch(
    new Request(`${run.baseUrl}${token.path.replace(/\{[^}]+\}/, encodeURIComponent(tenant))}`, {
      method: "POST",
      headers: { authorization: `Basic ${btoa(ENV.VERIFY_BASIC)}`, "content-type": "application/x-www-form-urlencoded" },
      body: "grant_type=client_credentials",
    }),
  );
  const body = (await answer.json()) as { access_token?: string };
  if (!body.access_token) throw new Error(`the ${serviceId} emulator issued no token: ${answer.status} ${JSON.stringify(body)}`);
  run.env.VERIFY_BEARER = body.access_token;
  return run;
}
