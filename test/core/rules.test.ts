/**
 * The generated request rules and the core checker, proven against the documents themselves:
 * every catalogue baseline (a documented valid request) passes, so the client is never
 * narrower than a document; every constraint the negative derivation breaks fails with an
 * InputError naming that keyword.
 */
import { describe, expect, it } from "vitest";
import { InputError } from "cloud-interfaces/core";
import { checkRequest, type ServiceRules } from "../../runtime/core/rules.js";
import { extractMeta } from "../../scripts/lib/client-meta.js";
import { extractRules } from "../../scripts/lib/generate-rules.js";
import { readServices } from "../../scripts/lib/services.js";
import { loadCatalogue } from "../harness/clients.js";
import { bundledDocument } from "../harness/documents.js";
import { deriveNegativeCases } from "../negative/derive.js";
import type { RawRequest } from "../negative/raw-request.js";

const services = readServices();

function check(rules: ServiceRules, req: RawRequest): InputError | undefined {
  try {
    checkRequest(rules.operations[`${req.method} ${req.path}`], rules.schemas, { ...req.params, body: req.body });
    return undefined;
  } catch (error) {
    if (error instanceof InputError) return error;
    throw error;
  }
}

describe.each(services.map((s) => s.id))("%s request rules", async (serviceId) => {
  const doc = bundledDocument(serviceId);
  const rules = extractRules(doc);
  const { cases, baselines } = deriveNegativeCases(serviceId, doc, extractMeta(serviceId, doc), await loadCatalogue(serviceId));

  it("has rules for every operation", () => {
    expect(Object.keys(rules.operations).sort()).toEqual(Object.keys(extractMeta(serviceId, doc).operations).sort());
  });

  it.each(baselines.map((b) => [`${b.method} ${b.path}`, b] as const))("documented request %s passes", (_op, req) => {
    expect(check(rules, req)).toBeUndefined();
  });

  const invalid = cases.filter((c) => c.expect === "invalid");
  it.each(invalid.map((c) => [`${c.operation} breaks ${c.constraint}`, c] as const))("%s → InputError", (_name, c) => {
    const error = check(rules, c.request);
    expect(error, "the checker let it through").toBeInstanceOf(InputError);
    const [label, keyword] = c.constraint.split(" ") as [string, string];
    const field = label.replace(/^(query|path|header)\./, "").replace(/^form\./, "body.").replace(/\[0\]$/, "");
    expect(error!.field.startsWith(field.replace(/^body\./, "body.")) || error!.field === field, `${error!.field} vs ${field}`).toBe(true);
    if (!c.constraint.includes("implied")) expect(error!.rule).toBe(keyword);
  });
});
