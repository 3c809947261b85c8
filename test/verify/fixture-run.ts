/**
 * verify over the synthetic resource document (test/emulator/fixtures/resource-document.ts),
 * served by the engine as every emulator is: the generic verify tests need no service of the
 * registry. `wrapped` puts a planted defect in front of it.
 */
import { verifyServer, type VerifyOptions, type VerifyReport } from "cloud-interfaces/verify";
import { BASE, emulatorOf, resourceDocument } from "../emulator/fixtures/resource-document.js";
import type { ServiceId } from "cloud-interfaces/mock";

export type Handler = (request: Request) => Promise<Response>;

/** A run of verify against the fixture document served by a fresh engine, seeded from its examples, behind `wrap`. */
export async function verifyFixture(wrap: (next: Handler) => Handler = (next) => next, doc: any = resourceDocument(), options: Partial<VerifyOptions> = {}): Promise<VerifyReport> {
  const { emulator } = emulatorOf(doc, { seedFromExamples: true });
  const handle = wrap((r) => emulator.handle(r));
  return verifyServer("fixture" as ServiceId, { baseUrl: BASE, document: doc, fetch: (r) => handle(r), rate: Infinity, allowWrites: true, allowUnverified: true, ...options });
}

export const problems = (report: VerifyReport) =>
  report.operations.flatMap((o) => o.checks.filter((c) => c.verdict !== "verified").map((c) => `${o.operationId}: ${c.name} (${c.verdict}${c.reason ? `: ${c.reason}` : ""}${c.failures[0] ? `: ${c.failures[0].message}` : ""})`));
