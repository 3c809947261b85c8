/**
 * How many bytes of an answer anything in the package reads: the clients (`maxResponseBytes`),
 * the verifier and the proxy (`--max-body`). A body past the limit is refused as soon as it is
 * known to be larger (its Content-Length, or the byte that crosses the limit) and the rest is
 * never read: the stream is cancelled, which lets the transport drop the connection.
 */

// What a client checks at creation and on every answer's headers lives in byte-limit.ts, in the
// first load; this module (the bounded readers) is loaded on creation, as the rules are.
export { DEFAULT_MAX_BODY_BYTES, declaredOver, isByteLimit, type BodyLimit } from "./byte-limit.js";
import type { BodyLimit } from "./byte-limit.js";

const ignore = () => undefined;

export type LimitedRead = { bytes: Uint8Array } | { over: true; read: number };

/**
 * Reads a body to the end, at most `max` bytes of it. When `signal` aborts, the read stops at
 * once with the signal's reason (a transport may go on waiting for a stalled server otherwise).
 */
export async function readLimited(body: ReadableStream<Uint8Array> | null, max: number, signal?: AbortSignal): Promise<LimitedRead> {
  if (body === null) return { bytes: new Uint8Array(0) };
  const reader = body.getReader();
  let onAbort: (() => void) | undefined;
  const aborted = signal
    ? new Promise<never>((_, reject) => {
        onAbort = () => reject(signal.reason);
        if (signal.aborted) onAbort();
        else signal.addEventListener("abort", onAbort, { once: true });
      })
    : undefined;
  aborted?.catch(ignore);
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await (aborted ? Promise.race([reader.read(), aborted]) : reader.read());
      if (done) break;
      size += value.byteLength;
      if (size > max) {
        // Not awaited: a cancel can wait on the transport; nothing more is read either way.
        reader.cancel().catch(ignore);
        return { over: true, read: size };
      }
      chunks.push(value);
    }
  } catch (error) {
    reader.cancel(error).catch(ignore);
    throw error;
  } finally {
    if (onAbort) signal!.removeEventListener("abort", onAbort);
  }
  if (chunks.length === 1) return { bytes: chunks[0]! };
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return { bytes };
}

/** Where a limited answer keeps what its bounded readers need. */
const LIMIT = Symbol("limit");
/** The limited stream of one answer's `body`, once read. */
const STREAM = Symbol("stream");
type Limited = Response & { [LIMIT]: BodyLimit; [STREAM]?: ReadableStream<Uint8Array> };

const proto = Response.prototype;
/** The answer's own (decoded) body stream, past the bounded `body` getter below. */
const rawBody = Object.getOwnPropertyDescriptor(proto, "body")!.get! as (this: Response) => ReadableStream<Uint8Array> | null;
const utf8 = new TextDecoder();

/**
 * A whole body stream, at most `max` decoded bytes of it, or the limit's tooLarge() error. Written
 * out rather than through readLimited: on every call's path (the relay reads a JSON or text
 * success's body through it), one async frame and no result object or chunk list for the usual
 * answer of one chunk.
 */
export async function readBody(stream: ReadableStream<Uint8Array>, { max, tooLarge }: BodyLimit): Promise<Uint8Array> {
  // A second read finds the stream locked, and getReader throws the platform's TypeError.
  const reader = stream.getReader();
  let first: Uint8Array | undefined;
  let rest: Uint8Array[] | undefined;
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > max) break;
      if (first === undefined) first = value;
      else (rest ??= []).push(value);
    }
  } catch (error) {
    reader.cancel(error).catch(ignore);
    throw error;
  }
  if (size > max) {
    // Not awaited: a cancel can wait on the transport; nothing more is read either way.
    reader.cancel().catch(ignore);
    throw tooLarge();
  }
  if (first === undefined) return new Uint8Array(0);
  if (rest === undefined) return first;
  const bytes = new Uint8Array(size);
  bytes.set(first, 0);
  let at = first.byteLength;
  for (const chunk of rest) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

/** A limited answer's whole body (its own stream, past the bounded `body` getter). */
const readAll = (response: Limited): Promise<Uint8Array> => readBody(rawBody.call(response)!, response[LIMIT]);

/** UTF-8 text of a body read whole, as `Response.text()` decodes it. */
export const decodeText = (bytes: Uint8Array): string => utf8.decode(bytes);

/** `body` as a stream that errors with tooLarge() at the byte past the limit, and cancels its source. */
function limitStream(source: ReadableStream<Uint8Array>, { max, tooLarge }: BodyLimit): ReadableStream<Uint8Array> {
  const reader = source.getReader();
  let size = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) return controller.close();
      size += value.byteLength;
      if (size <= max) return controller.enqueue(value);
      reader.cancel().catch(ignore);
      controller.error(tooLarge());
    },
    cancel: (reason) => reader.cancel(reason),
  });
}

/**
 * The body readers of a limited answer: each reads the decoded stream with a byte count (fetch
 * decodes gzip, br and deflate, so a Content-Length says nothing of what is read), stopping at
 * the chunk that crosses the limit. One shared prototype under Response's: no stream is built
 * and nothing is copied on the usual path, where openapi-fetch calls json() or text() once.
 */
const LimitedResponse: object = Object.create(proto, {
  arrayBuffer: { value(this: Limited) { return readAll(this).then((b) => (b.byteOffset === 0 && b.byteLength === b.buffer.byteLength ? b.buffer : b.slice().buffer)); } },
  bytes: { value(this: Limited) { return readAll(this); } },
  text: { value(this: Limited) { return readAll(this).then((b) => utf8.decode(b)); } },
  json: { value(this: Limited) { return readAll(this).then((b) => JSON.parse(utf8.decode(b)) as unknown); } },
  blob: { value(this: Limited) { return readAll(this).then((b) => new Blob([b as Uint8Array<ArrayBuffer>], { type: this.headers.get("content-type") ?? "" })); } },
  formData: { value(this: Limited) { return readAll(this).then((b) => new Response(b as Uint8Array<ArrayBuffer>, { headers: this.headers }).formData()); } },
  body: {
    get(this: Limited) {
      const source = rawBody.call(this);
      return source && (this[STREAM] ??= limitStream(source, this[LIMIT]));
    },
  },
  // A copy is limited as the original is (a retry reads the answer it is about to retry through one).
  clone: { value(this: Limited) { return limitResponse(proto.clone.call(this), this[LIMIT]); } },
});

/**
 * The same answer, whose body readers (text, json, arrayBuffer, bytes, blob, formData, and
 * `body` when it is read) stop with `tooLarge()` at the decoded byte past `max`, whatever its
 * Content-Length or Content-Encoding says.
 */
export function limitResponse(response: Response, limit: BodyLimit): Response {
  if (limit.max === Infinity || rawBody.call(response) === null) return response;
  Object.setPrototypeOf(response, LimitedResponse);
  (response as Limited)[LIMIT] = limit;
  return response;
}
