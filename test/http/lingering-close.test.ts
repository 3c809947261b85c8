/**
 * A refused body (413: past the body limit; 503 busy) is answered while the client may still be
 * sending it. Closing the connection at once drops what the client sent after it, and the peer's
 * kernel answers that with a reset that takes the unread answer with it: a client that writes its
 * whole body before reading (Python's urllib and requests) saw a connection error, never the 413.
 * The front end closes lingering (RFC 9112 §9.6): it half-closes, reads and drops what still
 * comes, up to a bound, then closes. Counted in bytes: the client writes its whole body first.
 */
import { connect } from "node:net";
import { describe, expect, it } from "vitest";
import { fixtureEdge } from "./edge.js";
import { MAX_BODY_BYTES } from "../../runtime/http/limits.js";

/** Writes the request whole, then reads the connection to its end: what a writer-first client sees. */
async function writeAllThenRead(port: number, head: string, body: Buffer): Promise<{ answer: string; error?: string }> {
  const socket = connect(port, "127.0.0.1");
  const chunks: Buffer[] = [];
  let error: string | undefined;
  socket.on("data", (d) => chunks.push(d));
  // Like urllib: do not read until everything is written (the data listener above only collects).
  socket.pause();
  await new Promise<void>((resolve) => socket.once("connect", resolve));
  await new Promise<void>((resolve) => {
    socket.write(head);
    socket.write(body, () => resolve());
    socket.once("error", (e) => {
      error = (e as NodeJS.ErrnoException).code ?? e.message;
      resolve();
    });
  });
  socket.resume();
  await new Promise<void>((resolve) => {
    socket.once("close", () => resolve());
    socket.once("error", (e) => void (error ??= (e as NodeJS.ErrnoException).code ?? e.message));
  });
  return { answer: Buffer.concat(chunks).toString("latin1"), ...(error ? { error } : {}) };
}

describe("lingering close after a refused body", () => {
  const size = 8 * MAX_BODY_BYTES;

  it("a client that sends a declared body past the limit whole, then reads, gets the 413", { timeout: 60_000 }, async () => {
    const { front } = await fixtureEdge();
    try {
      for (let i = 0; i < 5; i++) {
        const { answer, error } = await writeAllThenRead(front.port, `POST /things HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${size}\r\n\r\n`, Buffer.alloc(size, 0x20));
        expect(error).toBeUndefined();
        expect(answer).toMatch(/^HTTP\/1\.1 413 /);
        expect(answer.toLowerCase()).toContain("connection: close");
      }
    } finally {
      await front.close();
    }
  });

  it("so does one that sends a chunked body past the limit", { timeout: 60_000 }, async () => {
    const { front } = await fixtureEdge();
    try {
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      const parts: Buffer[] = [];
      for (let sent = 0; sent < size; sent += chunk.length) parts.push(Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from("\r\n"));
      parts.push(Buffer.from("0\r\n\r\n"));
      for (let i = 0; i < 5; i++) {
        const { answer, error } = await writeAllThenRead(front.port, `POST /things HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`, Buffer.concat(parts));
        expect(error).toBeUndefined();
        expect(answer).toMatch(/^HTTP\/1\.1 413 /);
      }
    } finally {
      await front.close();
    }
  });
});
