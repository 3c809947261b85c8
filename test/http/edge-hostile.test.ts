/**
 * Issue 27, finding 7: the mock edge (runtime/http/front.ts) under the cases a wider attack
 * found. Absolute-form targets the URL parser rejects, a transfer coding the edge cannot decode
 * and an unknown Expect get documented 4xx answers in the document's error shape; the 408 comes
 * when the limits say; log lines escape control characters. On the synthetic document
 * (test/emulator/fixtures/resource-document.ts): the edge is the same for every document.
 */
import type { Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FrontOptions as EdgeOptions } from "../../runtime/http/front.js";
import { fixtureEdge } from "./edge.js";
import { sendWire } from "../../scripts/lib/socket-exchange.js";

const lines: string[] = [];

const edge = (extra: Partial<EdgeOptions> = {}) => fixtureEdge({ log: true, write: (line) => lines.push(line), ...extra });

let main: { server: Server; port: number };
beforeAll(async () => (main = await edge()));
afterAll(() => main.server.close());

/** The fixture's error shape: `{ message }` (its Error schema). */
const documentErrorShape = (body: Buffer) => expect(JSON.parse(body.toString())).toEqual({ message: expect.any(String) });

describe("mock edge: hostile request heads", () => {
  for (const authority of ["%zz", "[::1", "a:99999999", "x@", "xn--", "1.2.3.4.5"]) {
    it(`absolute-form http://${authority}/… is a 400 bad-request-target, not a 500`, async () => {
      const answer = await sendWire(main.port, Buffer.from(`GET http://${authority}/things HTTP/1.1\r\nHost: x\r\n\r\n`));
      expect(answer.status).toBe(400);
      expect(answer.headers.get("x-mock-error")).toBe("bad-request-target");
      documentErrorShape(answer.body);
    });
  }

  it("Transfer-Encoding: gzip, chunked is refused (400 malformed-http), never read as plain", async () => {
    const answer = await sendWire(main.port, Buffer.from("POST /things HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: gzip, chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n"));
    // The create documents 400, so the answer is that documented case (no X-Mock-Error), its message naming the rule.
    expect(answer.status).toBe(400);
    expect(answer.body.toString()).toContain("Transfer-Encoding: gzip, chunked is not supported");
    documentErrorShape(answer.body);
  });

  it("Expect: 200-ok gets a 417 in the document's error shape", async () => {
    const answer = await sendWire(main.port, Buffer.from("GET /things HTTP/1.1\r\nHost: x\r\nExpect: 200-ok\r\n\r\n"));
    expect(answer.status).toBe(417);
    expect(answer.headers.get("x-mock-error")).toBe("expectation-failed");
    documentErrorShape(answer.body);
  });

  it("--log escapes control characters a query decodes to (%0A, %1B, %00)", async () => {
    lines.length = 0;
    const answer = await sendWire(main.port, Buffer.from("GET /things?search=a%0Afixture%20GET%20/forged%20%E2%86%92%20200%1B[31m%00 HTTP/1.1\r\nHost: x\r\n\r\n"));
    expect(answer.status).toBe(200);
    await new Promise((r) => setTimeout(r, 20));
    const line = lines.find((l) => l.includes("/things"))!;
    expect(line).toBeDefined();
    expect(line).not.toMatch(/[\x00-\x1f\x7f]/);
    expect(line).toContain("\\x0a");
    expect(line).toContain("\\x1b");
  });
});

// How soon after its limit each 408 arrives is measured by npm run bench (scripts/bench/wall-bounds.ts):
// here, the limits the server enforces are the ones given, and no 408 comes before its limit.
describe("mock edge: timeouts arrive when the limits say", () => {
  it("a slow head gets its 408 after the head timeout, a slow body after the request timeout, each naming its limit", { timeout: 40_000 }, async () => {
    const fast = await edge({ timeouts: { headersMs: 300, requestMs: 900 } });
    try {
      expect({ headersTimeout: fast.server.headersTimeout, requestTimeout: fast.server.requestTimeout }).toEqual({ headersTimeout: 300, requestTimeout: 900 });
      // Generous waits: on a loaded machine the answer may come late, never early.
      const head = await sendWire(fast.port, Buffer.from("GET /things HTTP/1.1\r\nHost: x\r\n"), 15_000);
      expect(head.status).toBe(408);
      expect(head.ms).toBeGreaterThanOrEqual(250);
      expect(head.body.toString()).toContain("head not complete within 300 ms or request within 900 ms");
      const body = await sendWire(fast.port, Buffer.from("POST /things HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 10\r\n\r\n{"), 15_000);
      expect(body.status).toBe(408);
      expect(body.ms).toBeGreaterThanOrEqual(850);
    } finally {
      fast.server.close();
    }
  });
});
