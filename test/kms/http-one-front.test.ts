/**
 * Issue 34, "One front end": the Prism mock, an emulator's own server (serveHandler), the proxy
 * and the docs server answer hostile request heads the same way, because one HTTP front end
 * (runtime/http/front.ts) serves them all: one body reader, one limits table, one error shape.
 * The defects serveHandler had on its own server come first (each failed before the front).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendWire, type WireAnswer } from "../../scripts/lib/socket-exchange.js";
import { frontOf } from "../../runtime/http/front.js";
import { HEADERS_TIMEOUT_MS, MAX_BODY_BYTES, MAX_BODY_BYTES_HELD, MAX_HEADER_BYTES, MAX_URL_BYTES, REQUEST_TIMEOUT_MS, TIMEOUT_CHECK_MS } from "../../runtime/http/limits.js";
import { MOCK_ERRORS } from "../../runtime/http/mock-errors.js";
import { FORMS, startForm, type Form, type Running } from "./http-forms.js";

const running = {} as Record<Form, Running>;
beforeAll(async () => {
  for (const form of FORMS) running[form] = await startForm(form);
}, 60_000);
afterAll(async () => {
  for (const form of FORMS) await running[form]?.close();
});

const KEYS = "/api/v2/keys";
const wire = (text: string) => Buffer.from(text, "latin1");

describe("serveHandler: the defects of its own server", () => {
  const send = (text: string) => sendWire(running.serve.port, wire(text));

  it("Transfer-Encoding: gzip, chunked is refused, never read as plain JSON", async () => {
    const answer = await send(`POST ${KEYS} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer t\r\nsvc-instance: 0c7d3a52-8f41-4b6e-9d2a-1e5f6a7b8c9d\r\nContent-Type: application/vnd.svc.kms.key+json\r\nTransfer-Encoding: gzip, chunked\r\n\r\n${chunk(JSON.stringify({ metadata: { collectionType: "application/vnd.svc.kms.key+json", collectionTotal: 1 }, resources: [{ type: "application/vnd.svc.kms.key+json", name: "gz" }] }))}0\r\n\r\n`);
    expect(answer.status).toBe(400);
    expect(answer.body.toString()).toContain("Transfer-Encoding: gzip, chunked is not supported");
  });

  it("TRACE is a 405 in the document's error shape, with no internal message", async () => {
    const answer = await send(`TRACE ${KEYS} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(answer.status).toBe(405);
    expect(answer.headers.get("x-mock-error")).toBe("method-not-allowed");
    expect(JSON.parse(answer.body.toString())).toMatchObject({ resources: [{ errorMsg: expect.stringContaining("TRACE") }] });
    expect(answer.body.toString()).not.toMatch(/Emulator failure|is unsupported|TypeError/);
  });

  it("TRACE to a served WHATWG handler (the emulator's handle) is a 405 too, never a 500 quoting the Request constructor", async () => {
    const { createEmulator, serveHandler } = await import("../../runtime/emulator/index.js");
    const served = await serveHandler(createEmulator("kms-v2").handle);
    try {
      const answer = await sendWire(Number(new URL(served.url).port), wire(`TRACE ${KEYS} HTTP/1.1\r\nHost: x\r\n\r\n`));
      expect(answer.status).toBe(405);
      expect(answer.headers.get("x-mock-error")).toBe("method-not-allowed");
      expect(answer.body.toString()).not.toMatch(/Emulator failure|is unsupported/);
    } finally {
      await served.close();
    }
  });

  it("an ftp:// absolute-form target is a 400 bad-request-target, not served", async () => {
    const answer = await send(`GET ftp://x${KEYS} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer t\r\nsvc-instance: 0c7d3a52-8f41-4b6e-9d2a-1e5f6a7b8c9d\r\n\r\n`);
    expect(answer.status).toBe(400);
    expect(answer.headers.get("x-mock-error")).toBe("bad-request-target");
  });
});

describe("every form runs on the one front end, with the documented limits", () => {
  it.each(FORMS)("%s: head 10 s, request 30 s, checked every second, bodies held at once bounded", (form) => {
    const front = frontOf(running[form].handle);
    expect(front, `${form} is not served by the front end`).toBeDefined();
    // The check interval is what made serveHandler's 408s arrive at 18 s and 48 s (Node's default is 30 s).
    expect(front!.limits).toEqual({ headersMs: HEADERS_TIMEOUT_MS, requestMs: REQUEST_TIMEOUT_MS, checkMs: TIMEOUT_CHECK_MS, bodyBytesHeld: MAX_BODY_BYTES_HELD });
    expect([front!.server.headersTimeout, front!.server.requestTimeout]).toEqual([10_000, 30_000]);
  });
});

function chunk(text: string): string {
  return `${Buffer.byteLength(text).toString(16)}\r\n${text}\r\n`;
}

/** Hostile heads and framing the front end answers before any handler sees the request. */
const HOSTILE: [label: string, bytes: Buffer][] = [
  ["absolute-form with a bad authority", wire(`GET http://%zz${KEYS} HTTP/1.1\r\nHost: x\r\n\r\n`)],
  ["absolute-form with a port over 65535", wire(`GET http://a:99999999${KEYS} HTTP/1.1\r\nHost: x\r\n\r\n`)],
  ["ftp:// absolute-form", wire(`GET ftp://x${KEYS} HTTP/1.1\r\nHost: x\r\n\r\n`)],
  ["asterisk-form on GET", wire(`GET * HTTP/1.1\r\nHost: x\r\n\r\n`)],
  ["Transfer-Encoding gzip, chunked", wire(`POST ${KEYS} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: gzip, chunked\r\n\r\n${chunk("{}")}0\r\n\r\n`)],
  ["Expect: 200-ok", wire(`GET ${KEYS} HTTP/1.1\r\nHost: x\r\nExpect: 200-ok\r\n\r\n`)],
  ["TRACE", wire(`TRACE ${KEYS} HTTP/1.1\r\nHost: x\r\n\r\n`)],
  ["TRACK", wire(`TRACK ${KEYS} HTTP/1.1\r\nHost: x\r\n\r\n`)],
  ["CONNECT", wire(`CONNECT x:443 HTTP/1.1\r\nHost: x:443\r\n\r\n`)],
  ["request-target over the limit", wire(`GET ${KEYS}?q=${"a".repeat(MAX_URL_BYTES + 1)} HTTP/1.1\r\nHost: x\r\n\r\n`)],
  ["header section over the limit", wire(`GET ${KEYS} HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(MAX_HEADER_BYTES + 1)}\r\n\r\n`)],
  ["NUL in a header value", wire(`GET ${KEYS} HTTP/1.1\r\nHost: x\r\nX-A: a\0b\r\n\r\n`)],
  ["unknown method token", wire(`G(T ${KEYS} HTTP/1.1\r\nHost: x\r\n\r\n`)],
  ["two different Content-Lengths", wire(`POST ${KEYS} HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}`)],
  ["Content-Length over the body limit", wire(`POST ${KEYS} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${MAX_BODY_BYTES + 1}\r\n\r\n{`)],
  ["chunked body over the body limit", Buffer.concat([wire(`POST ${KEYS} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`), wire(chunk("a".repeat(MAX_BODY_BYTES / 2)).repeat(3)), wire("0\r\n\r\n")])],
  ["HTTP/2 preface", wire("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n")],
];

describe("the hostile heads get the same answers on every form", () => {
  it.each(HOSTILE)("%s", async (_label, bytes) => {
    const answers = {} as Record<Form, WireAnswer>;
    for (const form of FORMS) answers[form] = await sendWire(running[form].port, bytes);
    const statuses = Object.fromEntries(FORMS.map((f) => [f, answers[f].status]));
    expect(statuses).toEqual(Object.fromEntries(FORMS.map((f) => [f, answers.edge.status])));
    expect(answers.edge.status).toBeGreaterThanOrEqual(400);
    expect(answers.edge.status).toBeLessThan(500);
    for (const form of FORMS) {
      const kind = answers[form].headers.get("x-mock-error");
      // A form serving a document answers its documented case without X-Mock-Error; the docs server documents nothing.
      if (kind !== undefined) expect((MOCK_ERRORS as Record<string, { statuses: readonly number[] }>)[kind]?.statuses, `${form} ${kind}`).toContain(answers[form].status);
      else expect(form, `${form} answered ${answers[form].status} without X-Mock-Error`).not.toBe("docs");
      expect(answers[form].body.length, `${form} answered without a body`).toBeGreaterThan(0);
    }
    // The three forms of kms-v2 agree on the kind too (documented or the same mock error).
    expect(new Set((["edge", "serve", "proxy"] as const).map((f) => answers[f].headers.get("x-mock-error") ?? "documented")).size).toBe(1);
  });
});
