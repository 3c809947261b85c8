/**
 * Safety by default on identity: without --allow-writes only the calls that change no state
 * (introspect, userinfo) are POSTed. The token endpoint is marked per grant
 * (`x-effect: { noneWhen: { grant_type: [client_credentials] } }`, issue 47): a code exchange
 * consumes a single-use code, so a reader that takes the operation as a whole treats it as a write.
 */
import { describe, expect, it } from "vitest";
import { verifyServer } from "cloud-interfaces/verify";
import { bundledDocument } from "../harness/documents.js";
import { emulatorRun, recording } from "../verify/harness.js";

describe("verify safety", () => {
  it("is read-only without allowWrites: GET, HEAD, OPTIONS and the identity calls that change nothing", async () => {
    const identity = recording("identity-v4");
    await verifyServer("identity-v4", { ...emulatorRun("identity-v4", identity.fetch), allowWrites: false });
    const posts = new Set(identity.sent.filter((s) => s.method === "POST").map((s) => s.path.split("/").pop()));
    expect(posts).toEqual(new Set(["userinfo", "introspect"]));
  });

  it.each(["identity-v3", "identity-v4"])("%s: the token endpoint says which grant a read-only run may send", (id) => {
    const op = Object.values<any>(bundledDocument(id).paths).find((p) => p.post?.operationId === "requestTokens").post;
    expect(op["x-effect"]).toEqual({ noneWhen: { grant_type: ["client_credentials"] } });
    expect(op.description).toMatch(/single-use code/);
  });
});
