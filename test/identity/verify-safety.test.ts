/** Safety by default on identity: without --allow-writes only the calls that change no state (token, introspect, userinfo) are POSTed. */
import type { ServiceId } from "cloud-interfaces/mock";
import { describe, expect, it } from "vitest";
import { createEmulator } from "cloud-interfaces/emulator";
import { verifyServer } from "cloud-interfaces/verify";
import { emulatorRun } from "../verify/harness.js";

function recording(serviceId: ServiceId) {
  const emulator = createEmulator(serviceId);
  const sent: { method: string; path: string; at: number }[] = [];
  const fetch = (r: Request) => {
    sent.push({ method: r.method, path: new URL(r.url).pathname, at: performance.now() });
    return emulator.handle(r);
  };
  return { fetch, sent };
}

describe("verify safety", () => {
  it("is read-only without allowWrites: GET, HEAD, OPTIONS and the identity calls that change nothing", async () => {
    const identity = recording("identity-v4");
    await verifyServer("identity-v4", { ...emulatorRun("identity-v4", identity.fetch), allowWrites: false });
    const posts = new Set(identity.sent.filter((s) => s.method === "POST").map((s) => s.path.split("/").pop()));
    expect(posts).toEqual(new Set(["userinfo", "token", "introspect"]));
  });

});
