/** What every verify test needs: an emulator per service, the secrets it accepts, and the env that carries them. */
import { createEmulator } from "cloud-interfaces/emulator";

/** Secrets as the verifier reads them: from environment variables, never from options. */
export const ENV = {
  VERIFY_BEARER: "eyJhbGciOiJSUzI1NiJ9.e30.c2ln-secret",
  VERIFY_BASIC: "c0f8e2a4-5b7d-4e19-9a36-2f4d8b1c7e05:client-secret-9f1e",
  VERIFY_KEY: "widget-api-key-31d7",
};

export const CREDENTIALS_ENV: Record<string, Record<string, string>> = {
  "kms-v2": { bearerAuth: "VERIFY_BEARER" },
  "notifications-v1": { bearerAuth: "VERIFY_BEARER" },
  "metrics-v1": { userToken: "VERIFY_BEARER" },
  widget: { apiKey: "VERIFY_KEY" },
  "identity-v3": { bearerAuth: "VERIFY_BEARER", basicAuth: "VERIFY_BASIC" },
  "identity-v4": { bearerAuth: "VERIFY_BEARER", basicAuth: "VERIFY_BASIC" },
};

/** The options of a full run against an in-process emulator: writes allowed, no rate limit. */
export function emulatorRun(serviceId: string, fetch = createEmulator(serviceId).handle) {
  return { baseUrl: "http://emulator.test", fetch, rate: Infinity, allowWrites: true, allowSend: true, env: ENV, credentialsEnv: CREDENTIALS_ENV[serviceId]! };
}
