/**
 * The one body reader of every HTTP form and of the emulators' WHATWG path (MSW, direct calls):
 * at most MAX_BODY_BYTES per request, and on the front end at most MAX_BODY_BYTES_HELD for all
 * its connections together, so slow clients holding unfinished bodies cannot grow the process
 * (issue 38: 400 connections each holding 1 MiB took RSS from 75 to 479 MiB).
 */
import { CloudInterfacesError } from "../core/base-error.js";
import type { IncomingMessage } from "node:http";
import { MAX_BODY_BYTES } from "./limits.js";

/** A body past MAX_BODY_BYTES: refused 413, read no further. */
export class BodyTooLarge extends CloudInterfacesError {
  constructor(readonly bytes: number | undefined, limit = MAX_BODY_BYTES) {
    super(`body: ${bytes === undefined ? "more than" : `${bytes} bytes,`} over ${limit} bytes (rule at most ${limit} bytes)`);
  }
}

/** The front end holds more body bytes than its budget allows: refused 503 `busy`, the connection closed. */
export class BodyBudgetSpent extends CloudInterfacesError {
  constructor(readonly budget: number) {
    super(`server: request bodies held at once over ${budget} bytes (rule at most ${budget} bytes across connections); retry later`);
  }
}

/** Body bytes held across the connections of one front end; what a request takes it gives back when it ends. */
export class BodyBudget {
  private held = 0;
  private peak = 0;
  constructor(readonly limit: number) {}
  take(bytes: number): boolean {
    if (this.held + bytes > this.limit) return false;
    this.held += bytes;
    if (this.held > this.peak) this.peak = this.held;
    return true;
  }
  give(bytes: number): void {
    this.held = Math.max(0, this.held - bytes);
  }
  get bytesHeld(): number {
    return this.held;
  }
  get peakBytesHeld(): number {
    return this.peak;
  }
}

/** Made on first use: this module is also in the browser bundle (boundedText), where no Buffer exists. */
let noBytes: Buffer | undefined;
const keep = () => undefined;

/** No body framed (no Content-Length, or 0, and no Transfer-Encoding): nothing to read (RFC 9112 §6.3). */
export function framesNoBody(req: IncomingMessage): boolean {
  const length = req.headers["content-length"];
  return (length === undefined || Number(length) === 0) && req.headers["transfer-encoding"] === undefined;
}

/** A request that frames no body, read: no async iterator built and no promise turn taken for each GET. */
export function noBody(req: IncomingMessage): { body: Buffer; release(): void } {
  req.resume();
  return { body: (noBytes ??= Buffer.alloc(0)), release: keep };
}

/**
 * Reads a node:http request body: refuses a declared length over the limit before reading, stops
 * reading past it, and charges every chunk to the budget. The returned `release` gives the bytes
 * back; it runs also when reading fails or the client leaves.
 */
export async function readNodeBody(req: IncomingMessage, budget: BodyBudget, limit = MAX_BODY_BYTES): Promise<{ body: Buffer; release(): void }> {
  const declared = Number(req.headers["content-length"]);
  if (declared > limit) throw new BodyTooLarge(declared, limit);
  if (framesNoBody(req)) return noBody(req);
  const chunks: Buffer[] = [];
  let size = 0;
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    budget.give(size);
  };
  // A client that leaves mid-body never ends the loop below with an error on every Node: give back on close too.
  req.once("close", release);
  try {
    // Not destroyed when reading stops at the limit: the refusal is then written and the rest of
    // the body dropped as it arrives (runtime/http/linger.ts); destroying the request reset the
    // connection before the client could read the 413.
    for await (const chunk of req.iterator({ destroyOnReturn: false })) {
      const bytes = (chunk as Buffer).length;
      if (size + bytes > limit) throw new BodyTooLarge(undefined, limit);
      if (!budget.take(bytes)) throw new BodyBudgetSpent(budget.limit);
      size += bytes;
      chunks.push(chunk as Buffer);
    }
  } catch (error) {
    release();
    throw error;
  }
  return { body: Buffer.concat(chunks), release };
}

const utf8 = new TextDecoder();
/**
 * Body bytes as text, as WHATWG `Body.text()` reads them on every other form: UTF-8, invalid
 * sequences replaced, one leading BOM dropped (RFC 8259 §8.1 lets a parser ignore it; the Prism
 * mock, which decodes the same way, accepts such a body).
 */
export function bodyText(bytes: Uint8Array): string {
  return utf8.decode(bytes);
}

/** What boundedText reads: a WHATWG Request, or the light request the emulators' fast path builds. */
interface TextSource {
  headers: { get(name: string): string | null };
  text(): Promise<string>;
}

/**
 * The body as text, reading at most MAX_BODY_BYTES of it. A WHATWG body is read chunk by chunk;
 * past the limit the reader is cancelled without waiting: under MSW the body is one branch of a
 * tee, whose cancel settles only when the other branch is cancelled too, so awaiting it never
 * returned and the source was read to its end (200 MiB).
 */
export async function boundedText(request: TextSource): Promise<string> {
  const declared = Number(request.headers.get("content-length"));
  if (declared > MAX_BODY_BYTES) throw new BodyTooLarge(declared);
  const stream = (request as { body?: unknown }).body;
  if (!(stream instanceof ReadableStream)) {
    const text = await request.text();
    if (text.length > MAX_BODY_BYTES && new TextEncoder().encode(text).length > MAX_BODY_BYTES) throw new BodyTooLarge(undefined);
    return text;
  }
  const reader = (stream as ReadableStream<Uint8Array>).getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      reader.cancel().catch(() => undefined);
      throw new BodyTooLarge(undefined);
    }
    chunks.push(value);
  }
  const all = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) all.set(c, at), (at += c.byteLength);
  return bodyText(all);
}
