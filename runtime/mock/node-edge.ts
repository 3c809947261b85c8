/**
 * The HTTP edge: a node:http server in front of any MockHandler. It owns everything that must
 * not depend on the handler: limits, timeouts, malformed HTTP, a handler that throws or hangs,
 * one log line per request. Every request gets an HTTP answer; nothing here lets an error
 * escape to the process.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { watchAbandon } from "./abandoned.js";
import { corsHeaders, preflightAnswer } from "./cors.js";
import { MOCK_ERROR_HEADER, MOCK_WARNING_HEADER, type MockHandler, type MockLogEntry } from "./handler.js";
import type { ErrorAnswer, ErrorShapes } from "./errors.js";
import { listeningUrl } from "./listen.js";
import { route, type OperationInfo } from "./operations.js";
import { isSecret, type Violation } from "./violations.js";
import {
  HANDLER_TIMEOUT_MS,
  HEADERS_TIMEOUT_MS,
  MAX_BODY_BYTES,
  MAX_HEADER_BYTES,
  MAX_HEADER_COUNT,
  MAX_URL_BYTES,
  REQUEST_TIMEOUT_MS,
} from "./limits.js";

export interface EdgeOptions {
  service: string;
  handler: MockHandler;
  shapes: ErrorShapes;
  operations: OperationInfo[];
  credentials: Set<string>;
  /** Called once per answered request (after the answer is written). */
  onRequest?: (entry: MockLogEntry) => void;
  /** Where internal failures are reported (always) and log lines go (with `log`). */
  log?: boolean;
  write?: (line: string) => void;
  /** Shorter head / request timeouts than limits.ts (tests of the 408 path); production uses the defaults. */
  timeouts?: { headersMs: number; requestMs: number };
  /** CORS headers and preflight answers (runtime/mock/cors.ts); default true. */
  cors?: boolean;
}

/**
 * How often Node looks for requests past their timeout. Its default (30 s) made the 408 arrive
 * 31-36 s into a slow head and 40-50 s into a slow body, where the limits say 10 s and 30 s.
 */
export const TIMEOUT_CHECK_MS = 1_000;

/** Control characters (C0, DEL, C1) as \xHH: a log line stays one line and writes no terminal escapes. */
export function escapeControls(text: string): string {
  return text.replace(/[\x00-\x1f\x7f-\x9f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, "0")}`);
}

/** Methods the WHATWG Request constructor refuses; answered 405 here. */
const FORBIDDEN_METHODS = new Set(["CONNECT", "TRACE", "TRACK"]);
const BODYLESS = new Set(["GET", "HEAD"]);

class EdgeRefusal {
  constructor(readonly answer: Omit<ErrorAnswer, "method">) {}
}

export function logLine(e: MockLogEntry): string {
  const violations = e.violations.map((v) => `${v.location.join(".")}: ${v.message} [${v.code}]`).join("; ");
  return escapeControls(`${e.service} ${e.method} ${e.path} → ${e.status} ${e.durationMs.toFixed(1)}ms${e.mockError ? ` mock-error=${e.mockError}` : ""}${violations ? ` violations: ${violations}` : ""}${e.warnings?.length ? ` warnings: ${e.warnings.join("; ")}` : ""}`);
}

function safePath(target: string, credentials: Set<string>): string {
  const q = target.indexOf("?");
  if (q < 0) return escapeControls(target).slice(0, 300);
  const query = new URLSearchParams(target.slice(q + 1));
  const shown = [...query].map(([k, v]) => `${k}=${isSecret(["query", k], credentials) ? "[redacted]" : v}`);
  // Decoded values may hold CR/LF or ESC (%0A, %1B): escaped, so they cannot forge a log line.
  return escapeControls(`${target.slice(0, q)}?${shown.join("&")}`).slice(0, 300);
}

function parseViolations(header: string | null): Violation[] {
  if (!header) return [];
  try {
    const parsed = JSON.parse(header);
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}

export function createEdgeServer(options: EdgeOptions): Server {
  const { service, handler, shapes, operations, credentials } = options;
  const cors = options.cors !== false;
  const write = options.write ?? ((line: string) => process.stderr.write(`${line}\n`));

  const finish = (entry: MockLogEntry) => {
    if (options.log) write(logLine(entry));
    try {
      options.onRequest?.(entry);
    } catch (error) {
      write(`${service} mock: onRequest hook threw: ${(error as Error)?.message ?? error}`);
    }
  };

  /** The operation a request addresses, for the error shape of an edge refusal. */
  const operationOf = (method: string, target: string) => {
    try {
      const found = route(operations, method, new URL(target, "http://mock").pathname);
      return found.kind === "operation" ? found.operation : undefined;
    } catch {
      return undefined;
    }
  };

  async function readBody(req: IncomingMessage): Promise<Buffer> {
    const declared = Number(req.headers["content-length"]);
    if (declared > MAX_BODY_BYTES) {
      throw new EdgeRefusal({ status: 413, kind: "body-too-large", message: `body: ${declared} bytes declared (rule at most ${MAX_BODY_BYTES} bytes)` });
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      if (size > MAX_BODY_BYTES) throw new EdgeRefusal({ status: 413, kind: "body-too-large", message: `body: more than ${MAX_BODY_BYTES} bytes (rule at most ${MAX_BODY_BYTES} bytes)` });
      chunks.push(chunk as Buffer);
    }
    return Buffer.concat(chunks);
  }

  function toRequest(req: IncomingMessage, body: Buffer): Request {
    const headers = new Headers();
    for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) {
      try {
        headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
      } catch {
        throw new EdgeRefusal({ status: 400, kind: "malformed-header", message: `header: a value that is not a valid field value (rule RFC 9110 §5.5)` });
      }
    }
    const method = req.method ?? "GET";
    const init: RequestInit & { duplex?: string } = { method, headers };
    // A GET or HEAD body has no meaning (RFC 9110 §9.3.1) and WHATWG Request refuses one; it is dropped.
    if (!BODYLESS.has(method) && body.length > 0) {
      init.body = new Uint8Array(body) as Uint8Array<ArrayBuffer>;
      init.duplex = "half";
    }
    const target = req.url ?? "/";
    // Absolute-form (RFC 9112 §3.2.2) is served like its path; the host part is not ours to judge.
    const pathAndQuery = target.startsWith("/") ? target : (() => {
      let u: URL;
      try {
        u = new URL(target);
      } catch {
        // http://%zz/, http://[::1/, a port over 65535, an empty host: a target nobody can serve.
        throw new EdgeRefusal({ status: 400, kind: "bad-request-target", operation: undefined, message: `request-target: an absolute URL whose authority is not valid (rule RFC 9112 §3.2.2, RFC 3986 §3.2; sent ${JSON.stringify(escapeControls(target.slice(0, 60)))})` });
      }
      return `${u.pathname}${u.search}`;
    })();
    // The base is where this server listens, never the Host header (which a client chooses).
    return new Request(`${listeningUrl(server)}${pathAndQuery}`, init);
  }

  async function respond(req: IncomingMessage, res: ServerResponse, started: number) {
    const method = (req.method ?? "GET").toUpperCase();
    const target = req.url ?? "/";
    let response: Response;
    let internal: unknown;
    const refusal = (answer: Omit<ErrorAnswer, "method">) => shapes.respond({ ...answer, method, operation: "operation" in answer ? answer.operation : operationOf(method, target) });
    try {
      if (Buffer.byteLength(target) > MAX_URL_BYTES) throw new EdgeRefusal({ status: 414, kind: "uri-too-long", message: `request-target: ${Buffer.byteLength(target)} bytes (rule at most ${MAX_URL_BYTES} bytes)` });
      if (!target.startsWith("/") && !/^https?:\/\//i.test(target)) {
        throw new EdgeRefusal({ status: 400, kind: "bad-request-target", operation: undefined, message: `request-target: must be a path or an absolute URL (rule RFC 9112 §3.2; sent ${JSON.stringify(target.slice(0, 60))})` });
      }
      const codings = String(req.headers["transfer-encoding"] ?? "").toLowerCase().split(",").map((c) => c.trim()).filter((c) => c !== "");
      if (codings.some((c) => c !== "chunked")) {
        // Node decodes only the chunked framing; reading gzip-coded bytes as the body would be wrong.
        throw new EdgeRefusal({ status: 400, kind: "malformed-http", message: `Transfer-Encoding: ${codings.join(", ")} is not supported; send the body with chunked framing only (rule RFC 9112 §6.1)` });
      }
      if (FORBIDDEN_METHODS.has(method)) throw new EdgeRefusal({ status: 405, kind: "method-not-allowed", message: `${method} is not served by this mock` });
      const preflight = cors ? preflightAnswer(method, (name) => req.headers[name] as string | undefined) : undefined;
      if (preflight) {
        res.writeHead(preflight.status, preflight.headers).end();
        return finish({ service, method, path: safePath(target, credentials), status: preflight.status, durationMs: performance.now() - started, violations: [] });
      }
      const body = await readBody(req);
      const request = toRequest(req, body);
      // A handler that works on (the proxy reading its upstream) learns when nobody waits for its answer.
      const abandon = watchAbandon(request);
      const onClose = () => abandon(new Error("the client closed the connection"));
      res.once("close", onClose);
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          const error = new Error(`handler took longer than ${HANDLER_TIMEOUT_MS} ms`);
          abandon(error);
          reject(error);
        }, HANDLER_TIMEOUT_MS);
      });
      try {
        response = await Promise.race([handler(request), timeout]);
      } finally {
        clearTimeout(timer);
        res.off("close", onClose);
      }
    } catch (error) {
      // The client went away mid-request: nobody is left to answer.
      if (req.destroyed && (error as NodeJS.ErrnoException)?.code === "ECONNRESET") return;
      if (error instanceof EdgeRefusal) response = refusal(error.answer);
      else {
        internal = error;
        response = refusal({ status: 500, kind: "internal", message: "The mock failed while answering this request; its log has the cause" });
      }
    }
    if (internal !== undefined) {
      write(`${service} mock: internal failure on ${method} ${safePath(target, credentials)}: ${(internal as Error)?.stack ?? internal}`);
    }
    let payload: Buffer;
    try {
      payload = method === "HEAD" ? Buffer.alloc(0) : Buffer.from(await response.arrayBuffer());
    } catch {
      payload = Buffer.alloc(0);
    }
    if (!res.headersSent && !res.destroyed) {
      const headers: Record<string, string> = {};
      response.headers.forEach((value, name) => {
        if (name !== "content-length" && name !== "transfer-encoding" && name !== "connection") headers[name] = value;
      });
      if (method !== "HEAD" || payload.length > 0) headers["content-length"] = String(payload.length);
      // A refused body may still be arriving; closing is cheaper than draining it.
      if (response.headers.get(MOCK_ERROR_HEADER) === "body-too-large") headers.connection = "close";
      if (cors) Object.assign(headers, corsHeaders(req.headers.origin, Object.keys(headers)));
      try {
        res.writeHead(response.status, headers);
      } catch {
        res.writeHead(response.status, { "content-length": String(payload.length) });
      }
      res.end(payload);
    }
    finish({
      service,
      method,
      path: safePath(target, credentials),
      status: response.status,
      durationMs: performance.now() - started,
      violations: parseViolations(response.headers.get("sl-violations")),
      ...(response.headers.get(MOCK_ERROR_HEADER) ? { mockError: response.headers.get(MOCK_ERROR_HEADER)! } : {}),
      ...(response.headers.get(MOCK_WARNING_HEADER) ? { warnings: response.headers.get(MOCK_WARNING_HEADER)!.split("; ") } : {}),
    });
  }

  // requireHostHeader off: a missing Host says nothing about the operation, and Node's own 400 would have no body.
  const headersTimeout = options.timeouts?.headersMs ?? HEADERS_TIMEOUT_MS;
  const requestTimeout = options.timeouts?.requestMs ?? REQUEST_TIMEOUT_MS;
  const connectionsCheckingInterval = Math.min(TIMEOUT_CHECK_MS, Math.max(10, Math.floor(headersTimeout / 4)));
  const server = createServer({ maxHeaderSize: MAX_HEADER_BYTES, requestTimeout, headersTimeout, connectionsCheckingInterval, requireHostHeader: false }, (req, res) => {
    const started = performance.now();
    req.on("error", () => {});
    res.on("error", () => {});
    respond(req, res, started).catch((error) => {
      write(`${service} mock: could not answer: ${(error as Error)?.stack ?? error}`);
      if (!res.headersSent) res.writeHead(500, { "content-length": "0", connection: "close" });
      res.end();
    });
  });
  server.maxHeadersCount = MAX_HEADER_COUNT;

  /** Malformed HTTP never reaches a handler: answer on the raw socket in the document's shape. */
  function rawAnswer(socket: Socket, answer: Omit<ErrorAnswer, "method">, reasonPhrase: string) {
    const started = performance.now();
    if (!socket.writable || (socket as any)._httpMessage?.headersSent) {
      socket.destroy();
      return;
    }
    const r = shapes.render({ ...answer, method: "GET" });
    const body = Buffer.from(r.body ?? "");
    const head = [`HTTP/1.1 ${r.status} ${reasonPhrase}`, "connection: close", `content-length: ${body.length}`];
    r.headers.forEach((value, name) => head.push(`${name}: ${value}`));
    socket.end(Buffer.concat([Buffer.from(`${head.join("\r\n")}\r\n\r\n`, "latin1"), body]));
    finish({ service, method: "-", path: "-", status: r.status, durationMs: performance.now() - started, violations: [], mockError: answer.kind });
  }

  server.on("clientError", (error: NodeJS.ErrnoException, socket: Socket) => {
    socket.on("error", () => {});
    const code = error.code ?? "";
    if (code === "ECONNRESET" || code === "EPIPE") return socket.destroy();
    if (code === "HPE_HEADER_OVERFLOW") {
      return rawAnswer(socket, { status: 431, kind: "headers-too-large", message: `headers: more than ${MAX_HEADER_BYTES} bytes (rule at most ${MAX_HEADER_BYTES} bytes)` }, "Request Header Fields Too Large");
    }
    if (code === "ERR_HTTP_REQUEST_TIMEOUT") {
      return rawAnswer(socket, { status: 408, kind: "request-timeout", message: `request: head not complete within ${headersTimeout} ms or request within ${requestTimeout} ms` }, "Request Timeout");
    }
    rawAnswer(socket, { status: 400, kind: "malformed-http", message: `request: not valid HTTP/1.1 (rule RFC 9112; parser said ${code || "error"})` }, "Bad Request");
  });
  // Node's own answer to an Expect it does not know is a bare 417; this one has the document's shape.
  server.on("checkExpectation", (req: IncomingMessage, res: ServerResponse) => {
    res.on("error", () => {});
    const method = (req.method ?? "GET").toUpperCase();
    const expectation = escapeControls(String(req.headers.expect ?? "")).slice(0, 60);
    const r = shapes.render({ status: 417, kind: "expectation-failed", method, operation: operationOf(method, req.url ?? "/"), message: `Expect: ${expectation} is not supported; only 100-continue is (rule RFC 9110 §10.1.1)` });
    const body = Buffer.from(r.body ?? "");
    const headers: Record<string, string> = { "content-length": String(body.length), connection: "close" };
    r.headers.forEach((value, name) => (headers[name] = value));
    res.writeHead(417, headers).end(method === "HEAD" ? undefined : body);
    finish({ service, method, path: safePath(req.url ?? "/", credentials), status: 417, durationMs: 0, violations: [], mockError: "expectation-failed" });
  });
  // CONNECT is not part of any document; without a listener Node would drop the socket unanswered.
  // (No 'upgrade' listener on purpose: then Node serves an Upgrade request as an ordinary one.)
  server.on("connect", (_req: IncomingMessage, socket: Socket) => {
    socket.on("error", () => {});
    rawAnswer(socket, { status: 405, kind: "method-not-allowed", message: "CONNECT is not served by this mock" }, "Method Not Allowed");
  });
  return server;
}
