/**
 * `WWW-Authenticate` on a 401, where the document declares it (runtime/verify/checks.ts
 * challengeFailures): for every service whose document gives a 401 that header, found from the
 * documents (naming no service), verify passes the clean emulator, and fails a server that drops
 * the challenge and one whose challenge names a scheme the operation does not accept.
 */
import { describe, expect, it } from "vitest";
import { SERVICE_IDS, type ServiceId } from "cloud-interfaces/mock";
import { createEmulator } from "cloud-interfaces/emulator";
import { verifyServer, type VerifyReport } from "cloud-interfaces/verify";
import { loadBundledDocument } from "../../runtime/emulator/documents.js";
import { documentOperations } from "../../runtime/verify/operations.js";
import { resolve, resolvePointer } from "../../runtime/verify/pointer.js";
import { emulatorRun } from "./harness.js";

/** The operations whose 401 declares WWW-Authenticate, per service. */
const declaring = SERVICE_IDS.map((serviceId) => {
  const doc = loadBundledDocument(serviceId as ServiceId) as any;
  const ops = documentOperations(doc).filter((op) => op.responses.some((r) => r.status === "401") && Object.keys(resolve(doc, resolvePointer(doc, `${op.pointer}/responses/401`))?.headers ?? {}).some((h) => h.toLowerCase() === "www-authenticate"));
  return { serviceId: serviceId as ServiceId, operationIds: ops.map((o) => o.operationId) };
}).filter((s) => s.operationIds.length > 0);

const challengeFailures = (report: VerifyReport) => report.operations.flatMap((o) => o.checks.flatMap((c) => c.failures.filter((f) => /WWW-Authenticate/i.test(f.message)).map((f) => `${o.operationId}: ${c.name}: ${f.message}`)));

/** The emulator with its 401 answers' challenge rewritten (undefined: removed). */
function rewriting(serviceId: ServiceId, rewrite: (value: string) => string | undefined) {
  const emulator = createEmulator(serviceId);
  return async (request: Request) => {
    const answer = await emulator.handle(request);
    if (answer.status !== 401 || !answer.headers.has("www-authenticate")) return answer;
    const headers = new Headers(answer.headers);
    const value = rewrite(headers.get("www-authenticate")!);
    if (value === undefined) headers.delete("www-authenticate");
    else headers.set("www-authenticate", value);
    return new Response(await answer.arrayBuffer(), { status: 401, headers });
  };
}

it("some document declares WWW-Authenticate on a 401", () => {
  expect(declaring.length).toBeGreaterThan(0);
});

describe.each(declaring)("WWW-Authenticate on $serviceId's 401 answers", ({ serviceId, operationIds }) => {
  const run = (fetch?: (r: Request) => Promise<Response>) => verifyServer(serviceId, { ...emulatorRun(serviceId, fetch), only: operationIds });

  it("the clean emulator passes", { timeout: 60_000 }, async () => {
    const report = await run();
    expect(challengeFailures(report)).toEqual([]);
    expect(report.exitCode).toBe(0);
  });

  it("a 401 without the challenge is a failed check", { timeout: 60_000 }, async () => {
    const report = await run(rewriting(serviceId, () => undefined));
    expect(report.exitCode).toBe(1);
    expect(challengeFailures(report).length).toBeGreaterThan(0);
  });

  it("a challenge under a scheme the operation does not accept is a failed check", { timeout: 60_000 }, async () => {
    const report = await run(rewriting(serviceId, (v) => v.replace(/^\s*\S+/, "Negotiate")));
    expect(report.exitCode).toBe(1);
    expect(challengeFailures(report).some((f) => /challenges no scheme the operation accepts/.test(f))).toBe(true);
  });
});
