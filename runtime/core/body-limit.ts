/**
 * How many bytes of an answer anything in the package reads: the clients (`maxResponseBytes`),
 * the verifier and the proxy (`--max-body`). A body past the limit is refused as soon as it is
 * known to be larger (its Content-Length, or the byte that crosses the limit) and the rest is
 * never read: the stream is cancelled, which lets the transport drop the connection.
 */

// What a client checks at creation and on every answer's headers lives in byte-limit.ts, in the
// first load; this module (the relay's bounded read of a JSON or text success) is loaded on
// creation with the request path; the readers of every other answer (limited-response.ts) when
// the first such answer arrives.
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

const utf8 = new TextDecoder();

/**
 * A whole body stream, at most `max` decoded bytes of it, or the limit's tooLarge() error. Written
 * out rather than through readLimited: on every call's path (the relay reads a JSON or text
 * success's body through it), one async frame and no result object or chunk list for the usual
 * answer of one chunk.
 */
export async function readBody(stream: ReadableStream<Uint8Array>, { max, tooLarge }: BodyLimit, end?: CallEnd): Promise<Uint8Array> {
  // A second read finds the stream locked, and getReader throws the platform's TypeError.
  const reader = stream.getReader();
  let first: Uint8Array | undefined;
  let rest: Uint8Array[] | undefined;
  let size = 0;
  // The call's end cancels the read itself: a transport that lost the call's signal (see relay.ts) would never end the stream.
  const off = end?.onEnd((reason) => void reader.cancel(reason).catch(ignore));
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
    throw end?.ended ? end.reasonOf() : error;
  } finally {
    off?.();
  }
  // A read the call's end cancelled reports done: what came so far is not the body.
  if (end?.ended) throw end.reasonOf();
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

/** The end of one call (abort.ts's Deadline), as a body read sees it. */
export interface CallEnd {
  onEnd(stop: (reason: unknown) => void): () => void;
  readonly ended: boolean;
  reasonOf(): unknown;
}

/** UTF-8 text of a body read whole, as `Response.text()` decodes it. */
export const decodeText = (bytes: Uint8Array): string => utf8.decode(bytes);
