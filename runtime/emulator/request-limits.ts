/**
 * The edge's request limits (runtime/mock/limits.ts) applied inside the emulator, so every way
 * of reaching it has them: the mock edge, serveHandler and MSW (which hands the emulator a
 * WHATWG Request nobody else has measured).
 */
import { CloudInterfacesError } from "../core/base-error.js";
import { MAX_BODY_BYTES } from "../mock/limits.js";
import type { RequestLike } from "./types.js";

/** Thrown by a RequestLike's text() when its body passed MAX_BODY_BYTES (serveHandler stops reading there). */
export class BodyTooLarge extends CloudInterfacesError {
  constructor(readonly bytes: number | undefined) {
    super(`body: ${bytes === undefined ? "more than" : `${bytes} bytes,`} over ${MAX_BODY_BYTES} bytes (rule at most ${MAX_BODY_BYTES} bytes)`);
  }
}

/** The body as text, reading at most MAX_BODY_BYTES of it: a WHATWG body is read chunk by chunk and cancelled past the limit. */
export async function boundedText(request: RequestLike): Promise<string> {
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
      await reader.cancel().catch(() => {});
      throw new BodyTooLarge(undefined);
    }
    chunks.push(value);
  }
  const all = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) all.set(c, at), (at += c.byteLength);
  return new TextDecoder().decode(all);
}
