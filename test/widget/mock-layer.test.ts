/** The mock layer's promises (issue 15) on the widget: a throwing handler, and the body and header limits. */
import { describe, expect, it } from "vitest";
import { startFront } from "../../runtime/http/front.js";
import { errorShapes } from "../../runtime/http/error-shapes.js";
import { operationTable } from "../../runtime/openapi/operation-table.js";
import { MAX_BODY_BYTES } from "../../runtime/http/limits.js";
import { bundledDocument } from "../harness/documents.js";
import { baseline, send, withHeaders } from "../mock/wire.js";

const KMS_TYPE = "application/vnd.svc.kms.key+json";

describe("never dies", () => {
  it("a handler that throws gets the document's 500 shape from the edge, and the failure is logged", async () => {
    const doc = bundledDocument("widget");
    const operations = operationTable(doc).operations;
    const lines: string[] = [];
    const front = await startFront({
      service: "widget",
      handler: async () => {
        throw new Error("boom");
      },
      shapes: errorShapes(doc, operations),
      operations,
      credentials: new Set(),
      write: (l) => lines.push(l),
    });
    try {
      const r = await fetch(`${front.url}/developers/flex-api/widget-url`, { method: "POST", body: "{}" });
      expect(r.status).toBe(500);
      expect(await r.json()).toMatchObject({ success: 0, error: expect.stringMatching(/server failed/) });
      expect(lines.join("\n")).toMatch(/internal failure.*boom/s);
    } finally {
      await front.close();
    }
  });
});

describe("explicit limits", () => {
  it("a body over MAX_BODY_BYTES gets 413 and headers over 16 KiB get 431, both in the document's shape", async () => {
    const w = await baseline("widget", "POST /developers/flex-api/widget-url");
    const big = await send("widget", { ...w, body: Buffer.alloc(MAX_BODY_BYTES + 1, 0x20) });
    expect(big.status).toBe(413);
    expect(big.json).toMatchObject({ success: 0, error: expect.stringMatching(/bytes/) });
    const headers = await send("widget", withHeaders(w, { "x-filler": "f".repeat(17_000) }));
    expect(headers.status).toBe(431);
    expect(headers.json).toMatchObject({ success: 0 });
  });

});
