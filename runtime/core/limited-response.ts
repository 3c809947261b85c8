/**
 * The bounded body readers of an answer that the relay does not read itself: a success read as
 * blob, arrayBuffer or stream, any answer a caller's middleware or per-call fetch sees, and every
 * answer that is not a success (its body becomes an error's). Loaded by the sender when the first
 * such answer arrives, not with the client: a JSON or text success, the usual answer, never needs it.
 */
import type { BodyLimit } from "./byte-limit.js";

/** The bounded read of a whole body stream (body-limit.ts's readBody), handed over by the sender: this chunk then imports nothing of its own. */
type ReadBody = (stream: ReadableStream<Uint8Array>, limit: BodyLimit) => Promise<Uint8Array>;
let readBody: ReadBody;

const ignore = () => undefined;
const utf8 = new TextDecoder();

/** Where a limited answer keeps what its bounded readers need. */
const LIMIT = Symbol("limit");
/** The limited stream of one answer's `body`, once read. */
const STREAM = Symbol("stream");
type Limited = Response & { [LIMIT]: BodyLimit; [STREAM]?: ReadableStream<Uint8Array> };

const proto = Response.prototype;
/** The answer's own (decoded) body stream, past the bounded `body` getter below. */
const rawBody = Object.getOwnPropertyDescriptor(proto, "body")!.get! as (this: Response) => ReadableStream<Uint8Array> | null;

/** A limited answer's whole body (its own stream, past the bounded `body` getter). */
const readAll = (response: Limited): Promise<Uint8Array> => readBody(rawBody.call(response)!, response[LIMIT]);

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
function limitResponse(response: Response, limit: BodyLimit): Response {
  if (limit.max === Infinity || rawBody.call(response) === null) return response;
  Object.setPrototypeOf(response, LimitedResponse);
  (response as Limited)[LIMIT] = limit;
  return response;
}

/** limitResponse, whose readers read with `read` (body-limit.ts's readBody). */
export function limiter(read: ReadBody): (response: Response, limit: BodyLimit) => Response {
  readBody = read;
  return limitResponse;
}
