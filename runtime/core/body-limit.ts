/**
 * How many bytes of an answer anything in the package reads: the clients (`maxResponseBytes`),
 * the verifier and the proxy (`--max-body`). A body past the limit is refused as soon as it is
 * known to be larger (its Content-Length, or the byte that crosses the limit) and the rest is
 * never read: the stream is cancelled, which lets the transport drop the connection.
 */

/** 16 MiB: a 5,000-key KMS page, the largest documented answer, is about 3.4 MB. */
export const DEFAULT_MAX_BODY_BYTES = 16 * 1024 * 1024;

const ignore = () => undefined;

/** The limit a caller gave, checked: a positive whole number of bytes, or Infinity for none. */
export function isByteLimit(value: unknown): value is number {
  return typeof value === "number" && value > 0 && (value === Infinity || Number.isSafeInteger(value));
}

/** A declared Content-Length over the limit (a malformed one is left to the transport). */
export function declaredOver(headers: Headers, max: number): boolean {
  const declared = headers.get("content-length");
  return declared !== null && /^\d+$/.test(declared) && Number(declared) > max;
}

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

/**
 * The same answer, whose body errors with `tooLarge()` at the byte past `max` (and whose source
 * is then cancelled). Only a body of unknown length is wrapped: one whose Content-Length is
 * within the limit cannot grow past it, and one over it is the caller's to refuse at once.
 */
export function limitResponse(response: Response, max: number, tooLarge: () => Error): Response {
  if (response.body === null || max === Infinity || response.headers.has("content-length")) return response;
  let size = 0;
  const limited = response.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        size += chunk.byteLength;
        if (size > max) controller.error(tooLarge());
        else controller.enqueue(chunk);
      },
    }),
  );
  const out = new Response(limited, { status: response.status, statusText: response.statusText, headers: response.headers });
  // What a caller may read of the original: where it came from.
  Object.defineProperties(out, { url: { value: response.url }, redirected: { value: response.redirected } });
  return out;
}
