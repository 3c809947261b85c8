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
  it.each(["identity-v3", "identity-v4"] as const)("%s: read-only without allowWrites: GET, HEAD, OPTIONS, the calls that change nothing, and only the token grant the document marks as such", async (id) => {
    const identity = recording(id);
    const report = await verifyServer(id, { ...emulatorRun(id, identity.fetch), allowWrites: false });
    const posts = identity.sent.filter((s) => s.method === "POST");
    expect(new Set(posts.map((s) => s.path.split("/").pop()))).toEqual(new Set(["userinfo", "introspect", "token"]));
    // Every token request a read-only run sent is the client_credentials grant (noneWhen): no code, assertion or refresh token spent.
    // The grant of each token request, JSON or form.
    const grantOf = (body = "") => (body.trimStart().startsWith("{") ? (JSON.parse(body) as { grant_type?: string }).grant_type : new URLSearchParams(body).get("grant_type"));
    const grants = posts.filter((s) => s.path.endsWith("/token")).map((s) => grantOf(s.body));
    expect(grants.length).toBeGreaterThan(0);
    expect(new Set(grants)).toEqual(new Set(["client_credentials"]));
    const token = report.operations.find((o) => o.operation.endsWith("/token"))!;
    expect(token.skipped).toBeUndefined();
    expect(token.checks.some((c) => c.verdict === "verified" && /client_credentials|clientCredentials/i.test(c.name))).toBe(true);
  });

  it.each(["identity-v3", "identity-v4"])("%s: the token endpoint says which grant a read-only run may send", (id) => {
    const op = Object.values<any>(bundledDocument(id).paths).find((p) => p.post?.operationId === "requestTokens").post;
    expect(op["x-effect"]).toEqual({ noneWhen: { grant_type: ["client_credentials"] } });
    expect(op.description).toMatch(/single-use code/);
  });
});
