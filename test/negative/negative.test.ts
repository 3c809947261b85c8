/**
 * Every constraint of every document, broken one at a time, must be rejected by the Prism mock
 * with the document's own error status and body shape; the unbroken baseline must pass.
 */
import { afterAll, describe, expect, it } from "vitest";
import { extractMeta } from "../../scripts/lib/client-meta.js";
import { escapeToken } from "../../runtime/core/pointer.js";
import { readServices } from "../../scripts/lib/services.js";
import { loadCatalogue } from "../harness/clients.js";
import { bundledDocument, pointer } from "../harness/documents.js";
import { mockUrl } from "../harness/mocks.js";
import { resolve, resolvePointer } from "../harness/responses.js";
import { errorsAt } from "../harness/validator.js";
import { deriveNegativeCases, type NegativeCase } from "./derive.js";
import { sendRaw, type RawRequest } from "./raw-request.js";

// Every registered service: one without its document or case catalogue fails here, never skipped.
const services = readServices();
const counts: Record<string, Record<string, number>> = {};

/** The status a rejected request gets: the operation's documented 400, else Prism's own 422. */
function invalidStatus(doc: any, req: RawRequest): number {
  const responses = resolve(doc, pointer("paths", req.path, req.method.toLowerCase())).responses;
  return responses["400"] ? 400 : 422;
}

function expectDocumentedBody(serviceId: string, doc: any, req: RawRequest, status: number, body: string) {
  const responsePtr = pointer("paths", req.path, req.method.toLowerCase(), "responses", String(status));
  const response = resolve(doc, responsePtr);
  if (!response?.content) return;
  const [mediaType] = Object.keys(response.content);
  const schemaPtr = `${resolvePointer(doc, responsePtr)}/content/${escapeToken(mediaType!)}/schema`;
  expect(errorsAt(serviceId, schemaPtr, JSON.parse(body)), `${status} body matches the documented schema`).toEqual([]);
}

describe.each(services.map((s) => s.id))("%s negative cases", async (serviceId) => {
  const doc = bundledDocument(serviceId);
  const meta = extractMeta(serviceId, doc);
  const catalogue = await loadCatalogue(serviceId);
  const { cases, baselines, underivable, blindSpots } = deriveNegativeCases(serviceId, doc, meta, catalogue);
  counts[serviceId] = { negative: cases.length, baselines: baselines.length, mockBlindSpots: blindSpots.length };
  const send = (req: RawRequest) => sendRaw(mockUrl(serviceId), meta, catalogue.client.credentials ?? {}, req);

  it("derives a negative case for every constraint it finds", () => {
    expect(underivable, "constraints with no one-rule-breaking request").toEqual([]);
    expect(cases.length).toBeGreaterThan(0);
  });

  it.each(baselines.map((b) => [`${b.method} ${b.path}`, b] as const))("baseline %s is accepted", async (_op, req) => {
    const response = await send(req);
    expect(response.headers.get("sl-violations")).toBeNull();
    expect(response.status).toBeLessThan(400);
  });

  it.each(cases.map((c) => [`${c.operation} breaks ${c.constraint}`, c] as const))("%s → rejected", async (_name, c: NegativeCase) => {
    const response = await send(c.request);
    const body = await response.text();
    if (c.expect === "unauthorized") {
      expect(response.status).toBe(401);
      expectDocumentedBody(serviceId, doc, c.request, 401, body);
      return;
    }
    const documents415 = resolve(doc, pointer("paths", c.request.path, c.request.method.toLowerCase())).responses["415"];
    // Prism answers a wrong media type with the document's 415 when there is one, else as any invalid request.
    const status = c.expect === "media-type" && documents415 ? 415 : invalidStatus(doc, c.request);
    expect(response.status, response.headers.get("sl-violations") ?? "no violations").toBe(status);
    const violations = JSON.parse(response.headers.get("sl-violations") ?? "[]") as { code: string | number }[];
    expect(violations.length).toBeGreaterThan(0);
    if (c.expect === "media-type") expect(violations.map((v) => String(v.code))).toContain("415");
    if (status !== 422) expectDocumentedBody(serviceId, doc, c.request, status, body);
  });
});

afterAll(() => {
  console.log(`negative cases per document: ${JSON.stringify(counts)}`);
});
