/**
 * Issue 44: `fetch` decodes gzip, br and deflate itself, so a Content-Length counts the encoded
 * bytes. A compressed bomb (honest Content-Length, or chunked) from a loopback server must stop
 * at `maxResponseBytes` of DECODED bytes: the decoded bytes the client pulled are counted
 * through a fetch that only counts, never by the clock.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliCompressSync, constants, deflateSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ResponseTooLargeError } from "cloud-interfaces/core";
import { testClient, thrown } from "./harness.js";

const LIMIT = 1024 * 1024;
/** 32 MiB decoded: a valid JSON document, so an unbounded read parses it and the call succeeds. */
const DECODED = 32 * 1024 * 1024;
const plain = Buffer.alloc(DECODED, 0x20);
plain.write('{"a":"', 0);
plain.write('"}', DECODED - 2);
const encoded = {
  gzip: gzipSync(plain, { level: 9 }),
  br: brotliCompressSync(plain, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
  deflate: deflateSync(plain, { level: 9 }),
};
type Encoding = keyof typeof encoded;

let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    const [, encoding, framing] = new URL(req.url!, "http://x").searchParams.get("bomb")!.match(/^(\w+)-(\w+)$/)!;
    const body = encoded[encoding as Encoding];
    res.writeHead(200, { "content-type": "application/json", "content-encoding": encoding!, ...(framing === "length" ? { "content-length": String(body.length) } : {}) });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/base`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** The real fetch, whose decoded body is handed on through a stream that counts what is pulled from it. */
function countingFetch() {
  const counted = { bytes: 0 };
  const fetch = async (request: Request, init?: RequestInit) => {
    const answer = await globalThis.fetch(request, init);
    const reader = answer.body!.getReader();
    const body = new ReadableStream<Uint8Array>(
      {
        async pull(controller) {
          const { done, value } = await reader.read();
          if (done) return controller.close();
          counted.bytes += value.byteLength;
          controller.enqueue(value);
        },
        cancel: (reason) => reader.cancel(reason),
      },
      { highWaterMark: 0 },
    );
    return new Response(body, { status: answer.status, headers: answer.headers });
  };
  return { counted, fetch };
}

describe("a compressed answer is limited by its decoded bytes", () => {
  it.each(["gzip", "br", "deflate"] as const)("%s with an honest Content-Length, and chunked", async (encoding) => {
    expect(encoded[encoding].length).toBeLessThan(LIMIT);
    for (const framing of ["length", "chunked"]) {
      const { counted, fetch } = countingFetch();
      const client = testClient({ baseUrl: base, maxResponseBytes: LIMIT, fetch });
      const error = await thrown(() => client.GET!("/v1/open", { params: { query: { bomb: `${encoding}-${framing}` } } }));
      expect(error, `${encoding} ${framing}`).toBeInstanceOf(ResponseTooLargeError);
      expect(error).toMatchObject({ operation: "open", maxBytes: LIMIT });
      // Read stops at the chunk that crosses the limit: one decoder chunk (64 KiB or less) past it at most.
      expect(counted.bytes, `${encoding} ${framing}`).toBeGreaterThan(LIMIT);
      expect(counted.bytes, `${encoding} ${framing}`).toBeLessThanOrEqual(LIMIT + 256 * 1024);
    }
  });

  it.each(["text", "arrayBuffer", "blob", "bytes"] as const)("the answer's %s() is bounded too (parseAs)", async (parseAs) => {
    const { counted, fetch } = countingFetch();
    const client = testClient({ baseUrl: base, maxResponseBytes: LIMIT, fetch });
    const error = await thrown(() => client.GET!("/v1/open", { parseAs, params: { query: { bomb: "gzip-length" } } }));
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect(counted.bytes).toBeLessThanOrEqual(LIMIT + 256 * 1024);
  });

  it("with a middleware (which sees the answer first), the JSON success is bounded too, and its own reads are", async () => {
    // Without middleware the relay reads the body; with one, our fetch hands on an answer whose every reader is bounded.
    const { counted, fetch } = countingFetch();
    const client = testClient({ baseUrl: base, maxResponseBytes: LIMIT, fetch }) as any;
    let seen: unknown;
    client.use({ onResponse: async ({ response }: { response: Response }) => void (seen = await thrown(() => response.clone().text())) });
    const error = await thrown(() => client.GET("/v1/open", { params: { query: { bomb: "gzip-chunked" } } }));
    expect(seen).toBeInstanceOf(ResponseTooLargeError);
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect(counted.bytes).toBeLessThanOrEqual(2 * (LIMIT + 256 * 1024));
  });

  it("a streamed body (parseAs: stream) errors at the byte past the limit", async () => {
    const { counted, fetch } = countingFetch();
    const client = testClient({ baseUrl: base, maxResponseBytes: LIMIT, fetch });
    const { data } = await client.GET!("/v1/open", { parseAs: "stream", params: { query: { bomb: "br-length" } } });
    const error = await thrown(() => new Response(data as ReadableStream).arrayBuffer());
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect(counted.bytes).toBeLessThanOrEqual(LIMIT + 256 * 1024);
  });
});
