/** Safety by default on identity: without --allow-writes only the calls that change no state (token, introspect, userinfo) are POSTed. */
import { describe, expect, it } from "vitest";
import { verifyServer } from "cloud-interfaces/verify";
import { emulatorRun, recording } from "../verify/harness.js";

describe("verify safety", () => {
  it("is read-only without allowWrites: GET, HEAD, OPTIONS and the identity calls that change nothing", async () => {
    const identity = recording("identity-v4");
    await verifyServer("identity-v4", { ...emulatorRun("identity-v4", identity.fetch), allowWrites: false });
    const posts = new Set(identity.sent.filter((s) => s.method === "POST").map((s) => s.path.split("/").pop()));
    expect(posts).toEqual(new Set(["userinfo", "token", "introspect"]));
  });

});
