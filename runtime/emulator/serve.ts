import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { listen } from "../mock/listen.js";
import { checkOption, type ListenOptions, type OptionValues } from "../mock/options.js";
import { corsHeaders, preflightAnswer } from "../mock/cors.js";
import { HEADERS_TIMEOUT_MS, MAX_BODY_BYTES, MAX_HEADER_BYTES, MAX_HEADER_COUNT, REQUEST_TIMEOUT_MS } from "../mock/limits.js";
import { BodyTooLarge } from "./request-limits.js";
import type { Emulator, MockHandler } from "./types.js";

/** The body, or undefined once it passed MAX_BODY_BYTES (reading stops there: 300 MB took RSS from 84 to 987 MiB). */
async function readBody(req: IncomingMessage): Promise<Buffer | undefined> {
  if (Number(req.headers["content-length"]) > MAX_BODY_BYTES) return undefined;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** Writes an answer's head, with the CORS headers where they apply. */
type Head = (status: number, headers: Record<string, string | string[]>) => ServerResponse;

const tooLarge = (head: Head) => {
  const body = JSON.stringify({ type: "about:blank", title: "Payload Too Large", status: 413, detail: `body: over ${MAX_BODY_BYTES} bytes (rule at most ${MAX_BODY_BYTES} bytes)` });
  head(413, { "content-type": "application/problem+json", "x-mock-error": "body-too-large", connection: "close" }).end(body);
};

/**
 * Serves a MockHandler over HTTP/1.1 on loopback: the server form of an emulator, for clients
 * that cannot take a fetch function (other processes, browsers, OAuth libraries that insist on
 * a real URL). Every request is answered; a handler that throws gives 500.
 */
export async function serveHandler(handler: MockHandler | Emulator, options: ListenOptions & Pick<OptionValues, "cors"> = {}): Promise<{ url: string; close(): Promise<void> }> {
  if (options.cors !== undefined) checkOption("cors", options.cors);
  const cors = options.cors !== false;
  // The base URL is where the server listens, never the request's Host header: a client must not
  // re-route a request or choose the issuer an identity emulator announces.
  let base = "";
  // The edge's limits (runtime/mock/limits.ts): head size and count, and the time a request may take to arrive.
  const server = createServer({ maxHeaderSize: MAX_HEADER_BYTES, requestTimeout: REQUEST_TIMEOUT_MS, headersTimeout: HEADERS_TIMEOUT_MS, requireHostHeader: false }, (req, res) => {
    const preflight = cors ? preflightAnswer(req.method ?? "", (name) => req.headers[name] as string | undefined) : undefined;
    if (preflight) return void res.writeHead(preflight.status, preflight.headers).end();
    const head: Head = (status, headers) => res.writeHead(status, cors ? { ...headers, ...corsHeaders(req.headers.origin, Object.keys(headers)) } : headers);
    void (typeof handler === "function" ? answer(handler, req, res, base, head) : answerFast(handler, req, res, base, head));
  });
  server.maxHeadersCount = MAX_HEADER_COUNT;
  // Malformed HTTP gets an answer with a body naming the problem, not Node's bare 400 (the edge does the same in the document's shape).
  // CONNECT is no operation of any document; without a listener Node drops the socket unanswered.
  server.on("connect", (_req: IncomingMessage, socket: Socket) => {
    socket.on("error", () => {});
    const body = JSON.stringify({ type: "about:blank", title: "Method Not Allowed", status: 405, detail: "CONNECT is not served by this emulator" });
    socket.end(`HTTP/1.1 405 Method Not Allowed\r\nconnection: close\r\ncontent-type: application/problem+json\r\nx-mock-error: method-not-allowed\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
  });
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Socket) => {
    socket.on("error", () => {});
    if (error.code === "ECONNRESET" || error.code === "EPIPE" || !socket.writable) return socket.destroy();
    const [status, kind, reason] =
      error.code === "HPE_HEADER_OVERFLOW" ? [431, "headers-too-large", "Request Header Fields Too Large"] : error.code === "ERR_HTTP_REQUEST_TIMEOUT" ? [408, "request-timeout", "Request Timeout"] : [400, "malformed-http", "Bad Request"];
    const body = JSON.stringify({ type: "about:blank", title: reason, status, detail: `request: not valid HTTP/1.1 or not complete in time (rule RFC 9112; parser said ${error.code ?? "error"})` });
    socket.end(`HTTP/1.1 ${status} ${reason}\r\nconnection: close\r\ncontent-type: application/problem+json\r\nx-mock-error: ${kind}\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
  });
  const url = (base = await listen(server, options));
  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function answer(handler: MockHandler, req: IncomingMessage, res: ServerResponse, base: string, head: Head): Promise<void> {
  try {
    const read = await readBody(req);
    if (read === undefined) return tooLarge(head);
    const headers = new Headers();
    for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
    const method = req.method ?? "GET";
    const body = method === "GET" || method === "HEAD" || read.length === 0 ? undefined : new Uint8Array(read);
    const request = new Request(`${base}${pathOf(req.url)}`, { method, headers, body });
    const response = await handler(request);
    const out: Record<string, string | string[]> = {};
    response.headers.forEach((value, name) => {
      if (name !== "set-cookie") out[name] = value;
    });
    const cookies = response.headers.getSetCookie();
    if (cookies.length) out["set-cookie"] = cookies;
    head(response.status, out);
    res.end(method === "HEAD" ? undefined : Buffer.from(await response.arrayBuffer()));
  } catch (error) {
    if (!res.headersSent) head(500, { "content-type": "application/problem+json" });
    res.end(JSON.stringify({ title: "Emulator failure", detail: error instanceof Error ? error.message : String(error) }));
  }
}

/**
 * The emulator's own path: no WHATWG Request or Response objects, which on Node 20 cost several
 * times what the emulation does (measured with scripts/bench/emulator-load.ts).
 */
async function answerFast(emulator: Emulator, req: IncomingMessage, res: ServerResponse, base: string, head: Head): Promise<void> {
  try {
    const body = await readBody(req);
    const reply = await emulator.dispatch({
      method: req.method ?? "GET",
      url: `${base}${pathOf(req.url)}`,
      headers: {
        get(name: string) {
          const value = req.headers[name.toLowerCase()];
          return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
        },
      },
      text: async () => {
        if (body === undefined) throw new BodyTooLarge(undefined);
        return body.toString("utf8");
      },
    });
    // A refused body may still be arriving; closing is cheaper than draining it.
    const payload = req.method === "HEAD" || reply.body === undefined ? undefined : Buffer.from(reply.body);
    // A length instead of chunked framing: simpler for every client, and what the edge sends.
    const headers = { ...reply.headers, ...(req.method === "HEAD" ? {} : { "content-length": String(payload?.length ?? 0) }), ...(body === undefined ? { connection: "close" } : {}) };
    head(reply.status, headers);
    res.end(payload);
  } catch (error) {
    if (!res.headersSent) head(500, { "content-type": "application/problem+json" });
    res.end(JSON.stringify({ title: "Emulator failure", detail: error instanceof Error ? error.message : String(error) }));
  }
}

/** The path and query of a request-target; an absolute-form target (RFC 9112 §3.2.2) is served by its path. */
function pathOf(target: string | undefined): string {
  if (!target || target === "*") return "/";
  if (target.startsWith("/")) return target;
  try {
    const u = new URL(target);
    return `${u.pathname}${u.search}`;
  } catch {
    return "/";
  }
}
