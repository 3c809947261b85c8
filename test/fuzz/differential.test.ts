import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { DIST_DIR } from "../../scripts/lib/paths.js";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { mockUrl } from "../harness/mocks.js";
import { servicesWithCatalogues } from "../security/fixtures.js";
import { ajvVerdict, bodyArbitrary, fuzzTargets, KNOWN_DIFFERENCES, prismVerdict } from "./differential.js";

/** Bounded here (seconds); `npm run fuzz` sets FUZZ_RUNS for a long run. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 25);
/** Bodies that once disagreed, kept so they are replayed first on every run. */
const regressions = JSON.parse(readFileSync(new URL("./regressions.json", import.meta.url), "utf8")) as {
  service: string;
  operation: string;
  body: unknown;
  note: string;
}[];
const runsPerDocument: Record<string, number> = {};
const knownHits: Record<string, number> = {};
const failures: { service: string; operation: string; body: unknown; note: string }[] = [];

afterAll(() => {
  if (failures.length > 0) {
    // Copy the entries worth keeping into test/fuzz/regressions.json; they are replayed first on every run.
    mkdirSync(DIST_DIR, { recursive: true });
    writeFileSync(join(DIST_DIR, "fuzz-failures.json"), JSON.stringify(failures, null, 2));
    console.log(`fuzz: ${failures.length} disagreement(s) written to dist/fuzz-failures.json`);
  }
  console.log(`fuzz runs per document: ${JSON.stringify(runsPerDocument)}; known differences skipped: ${JSON.stringify(knownHits)}`);
});

describe.each(servicesWithCatalogues.map((s) => s.id))("%s: Prism agrees with Ajv", async (serviceId) => {
  const targets = await fuzzTargets(serviceId);

  it.each(targets.map((t) => [t.operation, t] as const))("%s", async (_op, target) => {
    const examples = regressions.filter((r) => r.service === serviceId && r.operation === target.operation).map((r) => [r.body] as [unknown]);
    await fc.assert(
      fc.asyncProperty(bodyArbitrary(target.base.body), async (body) => {
        const known = KNOWN_DIFFERENCES.find((d) => d.applies(target, body));
        if (known) {
          knownHits[known.id] = (knownHits[known.id] ?? 0) + 1;
          return;
        }
        const prism = await prismVerdict(target, mockUrl(serviceId), body);
        const ajv = ajvVerdict(target, body);
        runsPerDocument[serviceId] = (runsPerDocument[serviceId] ?? 0) + 1;
        if (prism.verdict !== ajv.verdict) {
          failures.push({ service: serviceId, operation: target.operation, body, note: `Prism ${prism.verdict}, Ajv ${ajv.verdict}` });
          throw new Error(`Prism ${prism.verdict} (${prism.detail}) but Ajv ${ajv.verdict} (${ajv.detail}) for body ${JSON.stringify(body)}`);
        }
      }),
      { numRuns: RUNS, examples, seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined },
    );
  }, 120_000);

  console.log(`fuzz ${serviceId}: ${targets.length} operation(s) with a JSON body × ${RUNS} runs`);
});
