/**
 * Replays every documented response case of every service against its Prism mock through the
 * generated client: the documents, the generated code and the mocks must agree.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../scripts/lib/paths.js";
import { readServices } from "../scripts/lib/services.js";
import { bundledDocument } from "./harness/documents.js";
import { loadCatalogue, mockClient } from "./harness/clients.js";
import { documentedExamples, documentedHeaderExamples, resolve } from "./harness/responses.js";
import { validateAt } from "./harness/validator.js";
import type { DocumentedCase } from "./harness/case-types.js";
import { pointer } from "./harness/documents.js";

const services = readServices();

function parseOperation(operation: string): { method: string; path: string } {
  const [method, path] = operation.split(" ");
  return { method: method!, path: path! };
}

async function send(serviceId: string, c: DocumentedCase) {
  const client = await mockClient(serviceId);
  const { method, path } = parseOperation(c.operation);
  const prefer = `code=${c.status}` + (c.example ? `, example=${c.example}` : "");
  return client[method]!(path, {
    params: c.request?.params,
    body: c.request?.body,
    headers: { Prefer: prefer, ...(c.request?.contentType ? { "Content-Type": c.request.contentType } : {}) },
  });
}

describe.each(services.map((s) => s.id))("%s", async (serviceId) => {
  const catalogue = existsSync(join(ROOT, "test", "cases", `${serviceId}.ts`)) ? await loadCatalogue(serviceId) : undefined;

  it("has a case catalogue written from its interface document", () => {
    expect(catalogue, `test/cases/${serviceId}.ts`).toBeDefined();
    expect(catalogue!.service).toBe(serviceId);
    expect(catalogue!.cases.length).toBeGreaterThan(0);
  });

  it("documents every catalogued case, and catalogues every documented example", () => {
    const doc = bundledDocument(serviceId);
    const key = (o: { operation: string; status: number; example?: string }) => `${o.operation} ${o.status} ${o.example ?? "-"}`;
    const documented = new Set([
      ...documentedExamples(doc).map(key),
      ...documentedHeaderExamples(doc).map(key),
    ]);
    const catalogued = new Set(catalogue!.cases.map(key));
    const bodyless = catalogue!.cases.filter((c) => !c.example);
    for (const c of bodyless) {
      const { method, path } = parseOperation(c.operation);
      const response = resolve(doc, pointer("paths", path, method.toLowerCase(), "responses", String(c.status)));
      expect(response, `${key(c)} is not a documented response`).toBeDefined();
    }
    expect([...catalogued].filter((k) => !k.endsWith(" -") && !documented.has(k)), "catalogued but not in the document").toEqual([]);
    expect([...documented].filter((k) => !catalogued.has(k)), "in the document but not catalogued").toEqual([]);
  });

  for (const c of catalogue?.cases ?? []) {
    it(`${c.operation} → ${c.status}${c.example ? ` (${c.example})` : ""}: ${c.source}`, async () => {
      const { data, error, response } = await send(serviceId, c);
      // Prism reports use of a deprecated parameter as a warning; that is the document working, anything else is a violation.
      const violations = JSON.parse(response.headers.get("sl-violations") ?? "[]") as { severity: string; message: string }[];
      expect(violations.filter((v) => !(v.severity === "Warning" && /deprecated/i.test(v.message))), "Prism reported violations").toEqual([]);
      expect(response.status).toBe(c.status);
      // Every documented case uses declared names only, so `strict` (which refuses exactly what X-Mock-Warning names) passes it.
      expect(response.headers.get("x-mock-warning"), "undeclared query parameters, form fields or JSON properties").toBeNull();
      const doc = bundledDocument(serviceId);
      const body = response.ok ? data : error;
      const bodyExample = documentedExamples(doc).find(
        (e) => e.operation === c.operation && e.status === c.status && e.example === c.example,
      );
      if (bodyExample) {
        const received = typeof bodyExample.value === "string" || typeof body !== "string" ? body : JSON.parse(body);
        expect(received).toEqual(bodyExample.value);
        expect(validateAt(serviceId, bodyExample.schemaPointer, received)).toEqual([]);
      }
      const headerExamples = documentedHeaderExamples(doc).filter(
        (e) => e.operation === c.operation && e.status === c.status && e.example === c.example,
      );
      for (const h of headerExamples) {
        expect(response.headers.get(h.header), `${h.header} header`).toBe(String(h.value));
      }
      if (!bodyExample && headerExamples.length === 0 && c.example) {
        throw new Error(`${c.operation} ${c.status} has no example named ${c.example}`);
      }
    });
  }
});
