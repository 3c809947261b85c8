/** What every verify test needs: an emulator per service, and the credentials it accepts, in the environment as the verifier reads them. */
import type { ServiceId } from "cloud-interfaces/mock";
import { createEmulator } from "cloud-interfaces/emulator";
import { loadBundledDocument } from "../../runtime/emulator/documents.js";
import { securitySchemes } from "../../runtime/verify/operations.js";

type Fetch = (request: Request) => Promise<Response>;

/**
 * The options of a full run against an in-process emulator: writes allowed, no rate limit, and
 * each security scheme's documented example credential (`x-example`), which the emulators'
 * starting world accepts, passed as the verifier reads secrets: from environment variables.
 */
export function emulatorRun(serviceId: ServiceId, fetch: Fetch = createEmulator(serviceId).handle) {
  const schemes = Object.entries<{ "x-example"?: string }>(securitySchemes(loadBundledDocument(serviceId)) as never).filter(([, s]) => typeof s["x-example"] === "string");
  const env: Record<string, string> = Object.fromEntries(schemes.map(([name, s]) => [`VERIFY_${name.toUpperCase()}`, s["x-example"]!]));
  const credentialsEnv = Object.fromEntries(schemes.map(([name]) => [name, `VERIFY_${name.toUpperCase()}`]));
  return { baseUrl: "http://emulator.test", fetch, rate: Infinity, allowWrites: true, allowSend: true, env, credentialsEnv };
}

/** A fresh emulator of the service behind a fetch that records what was sent, in order. */
export function recording(serviceId: ServiceId) {
  const emulator = createEmulator(serviceId);
  const sent: { method: string; path: string; at: number; body?: string }[] = [];
  const fetch = async (r: Request) => {
    const body = r.body ? await r.clone().text() : undefined;
    sent.push({ method: r.method, path: new URL(r.url).pathname, at: performance.now(), ...(body !== undefined ? { body } : {}) });
    return emulator.handle(r);
  };
  return { fetch, sent };
}
