/**
 * `x-required-when` on a response property (identity's TokenResponse.id_token: present for every
 * grant but client_credentials) is held by whoever sees both the request and the answer: the
 * verifier and the proxy report a token answer without it, and the emulator never sends one.
 */
import { describe, expect, it } from "vitest";
import { createEmulator, serveHandler } from "cloud-interfaces/emulator";
import { startProxy, verifyServer } from "cloud-interfaces/verify";
import { emulatorRun } from "../verify/harness.js";

/** The emulator, with id_token taken out of every token answer that has one. */
function withoutIdToken(id: "identity-v3" | "identity-v4") {
  const emulator = createEmulator(id);
  return async (r: Request) => {
    const answer = await emulator.handle(r);
    if (!new URL(r.url).pathname.endsWith("/token") || answer.status !== 200) return answer;
    const body = await answer.json();
    delete body.id_token;
    return new Response(JSON.stringify(body), { status: 200, headers: answer.headers });
  };
}

describe.each(["identity-v3", "identity-v4"] as const)("%s: a token answer without id_token", (id) => {
  it("is a failed check of verify, naming the rule", async () => {
    const report = await verifyServer(id, { ...emulatorRun(id, withoutIdToken(id)), only: ["requestTokens"] });
    const failed = report.operations.flatMap((o) => o.checks.filter((c) => c.verdict === "failed"));
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.flatMap((c) => c.failures.map((f) => f.message))).toContainEqual(expect.stringMatching(/^body id_token is required when the request's grant_type is one of /));
    // client_credentials answers carry none by the document, and are not reported.
    expect(failed.map((c) => c.name)).not.toContain("example clientCredentials");
  });

  it("is logged by the proxy", async () => {
    const server = await serveHandler(withoutIdToken(id));
    const lines: string[] = [];
    const proxy = await startProxy(id, { target: server.url, write: (l) => lines.push(l) });
    try {
      const run = emulatorRun(id, (r) => fetch(r));
      await verifyServer(id, { ...run, baseUrl: proxy.url, only: ["requestTokens"] });
      expect(lines.join("\n")).toMatch(/server broke the document on requestTokens .*id_token is required when the request's grant_type is one of/);
    } finally {
      await proxy.close();
      await server.close();
    }
  });
});
