/**
 * Issue 23: the client's request checker (runtime/core/rules.ts) against Ajv 2020-12 over every
 * request schema of the six bundled documents: every path, query and header parameter and the
 * request body the client sends by default. Both see the same valid and near-valid values
 * (inherited names such as `toString` and `__proto__`, astral characters, repeated items, odd
 * leaves) and must give the same verdict. Ajv is configured to the checker's decisions: formats
 * are annotations (left to the service), only own properties count.
 */
import { Ajv2020 } from "ajv/dist/2020.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { firstViolation, type Rule, type ServiceRules } from "../../runtime/core/rules.js";
import { deref } from "../../runtime/core/pointer.js";
import { listOperations, parametersOf } from "../../runtime/core/router.js";
import { extractRules } from "../../scripts/lib/generate-rules.js";
import { readServices } from "../../scripts/lib/services.js";
import { bundledDocument } from "../harness/documents.js";
import { INHERITED_NAMES, nearValid, valid, withInheritedName } from "./rule-arbitrary.js";

const SERVICES = readServices().map((s) => s.id);
/** Per schema and kind of input; `npm run fuzz` sets FUZZ_RUNS for a long run. */
const RUNS = Math.max(1, Math.floor(Number(process.env.FUZZ_RUNS ?? 15)));

interface Target {
  name: string;
  rule: Rule;
  schema: unknown;
}

/** Every request schema of a document with the checker's rule for it. */
function targets(doc: any, rules: ServiceRules): Target[] {
  const out: Target[] = [];
  for (const ref of listOperations(doc)) {
    const key = `${ref.method.toUpperCase()} ${ref.path}`;
    const operation = rules.operations[key]!;
    for (const p of parametersOf(doc, ref).map((q) => q.parameter)) {
      if (p.in === "cookie") continue;
      out.push({ name: `${key} ${p.in} ${p.name}`, rule: operation[p.in as "query"]![p.name]!, schema: p.schema ?? {} });
    }
    const body = ref.operation.requestBody ? deref(doc, ref.operation.requestBody) : undefined;
    const first = Object.values<any>(body?.content ?? {})[0];
    if (first) out.push({ name: `${key} body`, rule: operation.body!, schema: first.schema ?? {} });
  }
  return out;
}

describe.each(SERVICES)("%s: the checker agrees with Ajv 2020-12", (serviceId) => {
  const doc = bundledDocument(serviceId);
  // The same table generated/<id>/rules.ts ships (test/generated-drift.test.ts holds the two equal).
  const rules = extractRules(doc);
  const id = `urn:openapi:${serviceId}`;
  // Formats off and own properties only: the checker's two documented decisions.
  const ajv = new Ajv2020({ strict: false, validateFormats: false, ownProperties: true });
  ajv.addSchema({ ...doc, $id: id });
  const all = targets(doc, rules);

  it("covers every request schema of the document", () => {
    expect(all.length).toBeGreaterThan(0);
  });

  it.each(all.map((t) => [t.name, t] as const))("%s", (_name, target) => {
    const validate = ajv.compile(JSON.parse(JSON.stringify(target.schema).replaceAll('"$ref":"#/', `"$ref":"${id}#/`)));
    const disagreements: { value: string; ajv: boolean; checker: boolean }[] = [];
    const compare = (value: unknown) => {
      const byAjv = validate(value) === true;
      const byChecker = firstViolation(target.rule, value, "v", rules.schemas) === undefined;
      if (byAjv !== byChecker) disagreements.push({ value: JSON.stringify(value), ajv: byAjv, checker: byChecker });
      return byAjv === byChecker;
    };
    const inputs = valid(target.rule, rules.schemas).chain((v) => fc.oneof(fc.constant(v), nearValid(v)));
    fc.assert(fc.property(inputs, compare), { numRuns: RUNS * 2, seed: Number(process.env.FUZZ_SEED ?? 23), endOnFailure: true });
    // Every inherited name as the only key, and added to every object of valid samples: the defect that started this test.
    const samples = fc.sample(valid(target.rule, rules.schemas), { numRuns: RUNS, seed: 23 });
    for (const name of INHERITED_NAMES) {
      compare(JSON.parse(`{${JSON.stringify(name)}:"x"}`));
      for (const sample of samples) withInheritedName(sample, name).forEach(compare);
    }
    expect(disagreements).toEqual([]);
  });
});
