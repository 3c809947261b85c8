/**
 * `x-untyped-body` (openapi/CONVENTIONS.md): real clients send some bodies without any
 * Content-Type (the KMS Go client's create, the metrics Node client's send). For every operation
 * of every document that says so, its documented request sent without Content-Type gets the same
 * documented answer from a fresh emulator as with it; one with an undeclared label is still refused.
 */
import { describe, expect, it } from "vitest";
import { createEmulator } from "cloud-interfaces/emulator";
import { SERVICE_IDS } from "cloud-interfaces/mock";
import { loadBundledDocument } from "../../runtime/emulator/documents.js";
import { documentedRequests, documentOperations, securitySchemes } from "../../runtime/verify/operations.js";
import { queryStyles } from "../../runtime/openapi/operation-table.js";
import { resolve } from "../../runtime/verify/pointer.js";
import { toWire } from "../../runtime/verify/raw-request.js";

const cases = SERVICE_IDS.flatMap((id) => {
  const doc = loadBundledDocument(id) as any;
  const schemes = securitySchemes(doc);
  const secrets = Object.fromEntries(Object.entries<any>(schemes).filter(([, s]) => typeof s["x-example"] === "string").map(([name, s]) => [name, s["x-example"] as string]));
  return documentOperations(doc)
    .filter((op) => op.request?.untyped)
    .map((op) => {
      const { request } = documentedRequests(doc, op).requests[0]!;
      const wire = () => toWire("http://emulator.test", request, { styles: queryStyles(op), mediaTypes: op.request?.mediaTypes ?? [], security: op.security, schemes }, secrets);
      return [`${id} ${op.operationId}`, id, wire] as const;
    });
});

describe("bodies sent without Content-Type", () => {
  it("are declared by at least one document (else this test checks nothing)", () => {
    expect(cases.length).toBeGreaterThan(0);
  });

  it.each(cases)("%s: answered as the labelled request is", async (_name, id, wire) => {
    const labelled = wire();
    const unlabelled = wire();
    unlabelled.headers.delete("content-type");
    // Bytes, not a string: a Request would label a string body text/plain itself.
    const send = (w: ReturnType<typeof wire>) => createEmulator(id).handle(new Request(w.url, { method: w.method, headers: w.headers, body: w.body === undefined ? null : new TextEncoder().encode(w.body) }));
    const [a, b] = [await send(labelled), await send(unlabelled)];
    expect(a.status).toBeLessThan(300);
    expect(b.status).toBe(a.status);
    const mislabelled = wire();
    mislabelled.headers.set("content-type", "text/plain");
    expect((await send(mislabelled)).status).toBeGreaterThanOrEqual(400);
  });
});
