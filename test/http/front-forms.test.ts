/**
 * The front end hands a handler the same request whichever way it is served: as a WHATWG
 * Request (startMock, the proxy, a bare handler given to serveHandler) or as the light request
 * of the emulators' fast path (serveHandler(emulator)). Issue 43 measured the two apart on the
 * same bytes: repeated Content-Type and Authorization lines (Node keeps the first, WHATWG joins
 * them) and a UTF-8 BOM (WHATWG's text() drops it, Buffer#toString kept it).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFront, type Front } from "../../runtime/http/front.js";
import type { Reply, RequestLike } from "../../runtime/http/light.js";
import { sendWire } from "../../scripts/lib/socket-exchange.js";

/** What a handler saw, as the answer's body: the same on both forms or the forms differ. */
async function seen(request: RequestLike): Promise<Reply> {
  const text = await request.text();
  const body = { contentType: request.headers.get("content-type"), authorization: request.headers.get("authorization"), accept: request.headers.get("accept"), text };
  return { status: 200, headers: { "content-type": "application/json" }, body: JSON.stringify(body) };
}

let whatwg: Front;
let light: Front;
beforeAll(async () => {
  whatwg = await startFront({ service: "whatwg", handler: async (r) => { const reply = await seen(r); return new Response(reply.body, reply); }, cors: false });
  light = await startFront({ service: "light", dispatch: seen, cors: false });
});
afterAll(async () => {
  await whatwg?.close();
  await light?.close();
});

const request = (headers: [string, string][], body: Buffer) =>
  Buffer.concat([Buffer.from(`POST /x HTTP/1.1\r\nhost: 127.0.0.1\r\nconnection: close\r\n${headers.map(([k, v]) => `${k}: ${v}\r\n`).join("")}content-length: ${body.length}\r\n\r\n`, "latin1"), body]);

async function both(bytes: Buffer) {
  const [a, b] = await Promise.all([sendWire(whatwg.port, bytes), sendWire(light.port, bytes)]);
  return { whatwg: { status: a.status, seen: JSON.parse(a.body.toString("utf8")) }, light: { status: b.status, seen: JSON.parse(b.body.toString("utf8")) } };
}

describe("one front end: the handler sees the same request on every form", () => {
  it("two Content-Type lines reach the handler joined, as WHATWG Headers join them (not the first only)", async () => {
    const r = await both(request([["content-type", "application/json"], ["content-type", "text/plain"]], Buffer.from("{}")));
    expect(r.whatwg.seen.contentType).toBe("application/json, text/plain");
    expect(r.light).toEqual(r.whatwg);
  });

  it("two Authorization lines reach the handler as one value holding both credentials", async () => {
    const r = await both(request([["authorization", "Bearer good"], ["authorization", "Bearer a"], ["authorization", "Basic Yjpj"]], Buffer.alloc(0)));
    expect(r.whatwg.seen.authorization).toBe("Bearer good, Bearer a, Basic Yjpj");
    expect(r.light).toEqual(r.whatwg);
  });

  it("a UTF-8 BOM before a JSON body is dropped on every form (RFC 8259 §8.1: a parser may ignore it; the Prism mock does)", async () => {
    const r = await both(request([["content-type", "application/json"]], Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"a":1}')])));
    expect(r.whatwg.seen.text).toBe('{"a":1}');
    expect(r.light).toEqual(r.whatwg);
  });

  it("invalid UTF-8 is decoded the same way on every form", async () => {
    const r = await both(request([["content-type", "application/json"]], Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d])));
    expect(r.light).toEqual(r.whatwg);
  });

  it("repeated Accept lines reach the handler joined on every form", async () => {
    const r = await both(request([["accept", "text/html"], ["accept", "application/json"]], Buffer.alloc(0)));
    expect(r.whatwg.seen.accept).toBe("text/html, application/json");
    expect(r.light).toEqual(r.whatwg);
  });
});
