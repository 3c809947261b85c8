/**
 * The one HTTP front end of the package: a node:http server in front of a handler, used by the
 * Prism mock (startMock), the emulators' server (serveHandler), the validating proxy
 * (startProxy) and the docs server (`cloud-interfaces docs`). It owns what must not depend on
 * what is served: limits and timeouts (limits.ts), the body reader (body.ts), malformed HTTP, a
 * handler that throws or hangs, CORS, one log line per request, listening and closing. Every
 * request gets an HTTP answer in one error shape; nothing here lets an error escape to the process.
 */
import { closeLingering } from "./linger.js";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { watchAbandon } from "./abandoned.js";
import { BodyBudget, BodyBudgetSpent, BodyTooLarge, bodyText, framesNoBody, noBody, readNodeBody } from "./body.js";
import { FAULT_HEADER } from "../controls/case-selection.js";
import { sleep, type FaultPlanner } from "../controls/faults.js";
import { corsHeaders, preflightAnswer } from "./cors.js";
import { MOCK_ERROR_HEADER, MOCK_WARNING_HEADER, type MockHandler, type MockLogEntry } from "./handler.js";
import { errorShapes, type ErrorAnswer, type ErrorShapes } from "./error-shapes.js";
import { listen, listeningUrl, type ListenOptions } from "./listen.js";
import { route } from "../openapi/operations.js";
import type { TableOperation } from "../openapi/operation-table.js";
import { isSecret, type Violation } from "../openapi/violations.js";
import {
  HANDLER_TIMEOUT_MS,
  HEADERS_TIMEOUT_MS,
  MAX_BODY_BYTES_HELD,
  MAX_HEADER_BYTES,
  MAX_HEADER_COUNT,
  MAX_URL_BYTES,
  REQUEST_TIMEOUT_MS,
  TIMEOUT_CHECK_MS,
} from "./limits.js";
import { HeaderLines, type Reply, type RequestLike } from "./light.js";


export interface FrontOptions {
  /** What the log lines name (a service id, "docs"). */
  service: string;
  /** The WHATWG handler; or `dispatch`, the same without WHATWG objects. */
  handler?: MockHandler;
  dispatch?: (request: RequestLike) => Promise<Reply>;
  /** The document's error shapes and operations; without them, RFC 9457 problem details. */
  shapes?: ErrorShapes;
  operations?: readonly TableOperation[];
  /** Credential parameter names, redacted in log lines. */
  credentials?: Set<string>;
  /** Called once per answered request (after the answer is written). */
  onRequest?: (entry: MockLogEntry) => void;
  /** Where internal failures are reported (always) and log lines go (with `log`). */
  log?: boolean;
  write?: (line: string) => void;
  /** CORS headers and preflight answers (cors.ts); default true. */
  cors?: boolean;
  /** Sent with every answer, the front end's own refusals included (the docs server's framing rules). */
  headers?: Record<string, string>;
  /** Shorter head / request timeouts than limits.ts (tests of the 408 path); production uses the defaults. */
  timeouts?: { headersMs: number; requestMs: number };
  /** A smaller budget of body bytes held across connections (tests); production uses MAX_BODY_BYTES_HELD. */
  bodyBytesHeld?: number;
  /** Latency and faults (faults.ts): what to do with each request before it reaches the handler. */
  faults?: FaultPlanner;
  /**
   * A stateful emulator's control API under `/__emulator` (runtime/emulator/control.ts
   * `controlEndpoint`) and who may call it: `loopback` clients only (the default), `any`, or `off`
   * (the prefix is then an ordinary path). Control requests get no latency, faults or CORS, and
   * are not recorded.
   */
  control?: ControlEndpoint;
}

/**
 * What the front end needs of a control API: who may call it, which targets are its own, its
 * body limit, its problem answers and its answer. The emulator provides it; the front end only
 * guards the door (loopback clients and names, body limits, failures).
 */
export interface ControlEndpoint {
  mode: "off" | "loopback" | "any";
  owns(target: string): boolean;
  bodyLimit(method: string, target: string): number;
  problem(status: number, kind: string, detail: string, field?: string, headers?: Record<string, string>): Reply;
  answer(request: { method: string; target: string; contentType: string | null; text: string }): Reply;
}

/** Whether a socket address is a loopback address (127.0.0.0/8, ::1, or 127.x mapped into IPv6). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith("::ffff:") ? address.slice(7) : address;
  return v4.startsWith("127.") || address === "::1";
}

/** A Host header a loopback client's own tools send (a page that rebinds a name to 127.0.0.1 sends its own name). */
function loopbackHost(host: string | undefined): boolean {
  if (host === undefined) return true;
  const name = host.replace(/:\d+$/, "").toLowerCase();
  return name === "localhost" || name === "[::1]" || /^127(\.\d{1,3}){3}$/.test(name);
}

/** A listening front end. */
export interface Front {
  url: string;
  port: number;
  server: Server;
  /** The limits this server enforces (limits.ts unless a test lowered them). */
  limits: { headersMs: number; requestMs: number; checkMs: number; bodyBytesHeld: number };
  /** Body bytes held now across all connections, and the most ever held. */
  bytesHeld(): number;
  peakBytesHeld(): number;
  close(): Promise<void>;
}

/** Control characters (C0, DEL, C1) as \xHH: a log line stays one line and writes no terminal escapes. */
export function escapeControls(text: string): string {
  return text.replace(/[\x00-\x1f\x7f-\x9f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, "0")}`);
}

/** Methods the WHATWG Request constructor refuses; answered 405 here. */
const FORBIDDEN_METHODS = new Set(["CONNECT", "TRACE", "TRACK"]);
const BODYLESS = new Set(["GET", "HEAD"]);
const NO_CODINGS: readonly string[] = [];
/** The light path's handlers run to their end in memory: nothing to tell them when the client leaves. */
const ignore = () => undefined;

/** How often the handler limit is looked at: a handler that hangs is answered 5.0-5.5 s after it started. */
const SWEEP_MS = HANDLER_TIMEOUT_MS / 10;

/**
 * The handler limit of one front end: every request's deadline in one set, looked at by one timer
 * while any is pending, instead of a timer armed and cleared per request (a third of a
 * microsecond each, on a path that costs a few).
 */
function handlerDeadlines() {
  const pending = new Set<{ at: number; fail(): void }>();
  let sweeper: ReturnType<typeof setInterval> | undefined;
  const sweep = () => {
    const now = performance.now();
    for (const entry of pending) {
      if (entry.at > now) continue;
      pending.delete(entry);
      entry.fail();
    }
    if (pending.size === 0) {
      clearInterval(sweeper);
      sweeper = undefined;
    }
  };
  /** The handler's answer, or its failure after HANDLER_TIMEOUT_MS (the handler told through `abandon`). */
  return function withinHandlerLimit<T>(work: Promise<T>, abandon: (error: Error) => void): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const entry = {
        at: performance.now() + HANDLER_TIMEOUT_MS,
        fail() {
          const error = new Error(`handler took longer than ${HANDLER_TIMEOUT_MS} ms`);
          abandon(error);
          reject(error);
        },
      };
      pending.add(entry);
      if (sweeper === undefined) {
        sweeper = setInterval(sweep, SWEEP_MS);
        sweeper.unref?.();
      }
      work.then(
        (value) => {
          pending.delete(entry);
          resolve(value);
        },
        (error: unknown) => {
          pending.delete(entry);
          reject(error);
        },
      );
    });
  };
}

class Refusal {
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

function parseViolations(header: string | null | undefined): Violation[] {
  if (!header) return [];
  try {
    const parsed = JSON.parse(header);
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}

/** The path and query of a request-target, or the refusal of a target nobody can serve. */
function pathAndQuery(target: string): string {
  if (Buffer.byteLength(target) > MAX_URL_BYTES) throw new Refusal({ status: 414, kind: "uri-too-long", message: `request-target: ${Buffer.byteLength(target)} bytes (rule at most ${MAX_URL_BYTES} bytes)` });
  if (target.startsWith("/")) return target;
  if (!/^https?:\/\//i.test(target)) {
    throw new Refusal({ status: 400, kind: "bad-request-target", operation: undefined, message: `request-target: must be a path or an http(s) absolute URL (rule RFC 9112 §3.2; sent ${JSON.stringify(escapeControls(target.slice(0, 60)))})` });
  }
  // Absolute-form (RFC 9112 §3.2.2) is served like its path; the host part is not ours to judge.
  try {
    const u = new URL(target);
    return `${u.pathname}${u.search}`;
  } catch {
    // http://%zz/, http://[::1/, a port over 65535, an empty host: a target nobody can serve.
    throw new Refusal({ status: 400, kind: "bad-request-target", operation: undefined, message: `request-target: an absolute URL whose authority is not valid (rule RFC 9112 §3.2.2, RFC 3986 §3.2; sent ${JSON.stringify(escapeControls(target.slice(0, 60)))})` });
  }
}

const registry = new WeakMap<object, Front>();
/** The front end serving a handle startMock, serveHandler, startProxy or serveStatic returned (tests read its limits and byte counts). */
export function frontOf(handle: object): Front | undefined {
  return registry.get(handle);
}
/** Ties a form's handle to its front end; returns the handle. */
export function register<T extends object>(handle: T, front: Front): T {
  registry.set(handle, front);
  return handle;
}

/** Starts a front end listening (`port` 0 or absent: a free one; `host` default loopback). */
export async function startFront(options: FrontOptions, where: ListenOptions = {}): Promise<Front> {
  const { server, budget, limits } = createFront(options);
  const url = await listen(server, where);
  const write = options.write ?? ((line: string) => process.stderr.write(`${line}\n`));
  // A listening server must not be taken down by a late socket-level error either.
  server.on("error", (error) => write(`${options.service}: server error: ${error.message}`));
  return {
    url,
    port: Number(new URL(url).port),
    server,
    limits,
    bytesHeld: () => budget.bytesHeld,
    peakBytesHeld: () => budget.peakBytesHeld,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export function createFront(options: FrontOptions): { server: Server; budget: BodyBudget; limits: Front["limits"] } {
  const { service } = options;
  const operations = options.operations ?? [];
  const shapes = options.shapes ?? errorShapes({}, []);
  const credentials = options.credentials ?? new Set<string>();
  const cors = options.cors !== false;
  const extra = options.headers ?? {};
  const hasExtra = Object.keys(extra).length > 0;
  const write = options.write ?? ((line: string) => process.stderr.write(`${line}\n`));
  const headersTimeout = options.timeouts?.headersMs ?? HEADERS_TIMEOUT_MS;
  const requestTimeout = options.timeouts?.requestMs ?? REQUEST_TIMEOUT_MS;
  const checkMs = Math.min(TIMEOUT_CHECK_MS, Math.max(10, Math.floor(headersTimeout / 4)));
  const budget = new BodyBudget(options.bodyBytesHeld ?? MAX_BODY_BYTES_HELD);
  const withinHandlerLimit = handlerDeadlines();

  /** Whether anyone reads a request's log entry (the log, or the onRequest hook): else none is built. */
  const listened = Boolean(options.log || options.onRequest);
  const finish = (entry: MockLogEntry) => {
    if (options.log) write(logLine(entry));
    try {
      options.onRequest?.(entry);
    } catch (error) {
      write(`${service}: onRequest hook threw: ${(error as Error)?.message ?? error}`);
    }
  };

  /** The operation a request addresses, for the error shape of a refusal. */
  const operationOf = (method: string, target: string) => {
    try {
      const found = route(operations, method, new URL(target, "http://mock").pathname);
      return found.kind === "operation" ? found.operation : undefined;
    } catch {
      return undefined;
    }
  };

  /**
   * The one reading of a request's header lines for every handler: repeated lines joined as WHATWG
   * Headers join them (RFC 9110 §5.3), so two Content-Types or two credentials stay visible.
   */
  function receivedHeaders<H extends Headers | HeaderLines>(req: IncomingMessage, fault: string | undefined, headers: H): H {
    for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) {
      try {
        headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
      } catch {
        throw new Refusal({ status: 400, kind: "malformed-header", message: `header: a value that is not a valid field value (rule RFC 9110 §5.5)` });
      }
    }
    if (fault) headers.set(FAULT_HEADER, fault);
    return headers;
  }

  function toRequest(req: IncomingMessage, method: string, url: string, body: Buffer, fault: string | undefined): Request {
    const headers = receivedHeaders(req, fault, new Headers());
    const init: RequestInit & { duplex?: string } = { method, headers };
    // A GET or HEAD body has no meaning (RFC 9110 §9.3.1) and WHATWG Request refuses one; it is dropped.
    if (!BODYLESS.has(method) && body.length > 0) {
      init.body = new Uint8Array(body) as Uint8Array<ArrayBuffer>;
      init.duplex = "half";
    }
    return new Request(url, init);
  }

  /**
   * The light request reads the same joined headers and the same decoded text as the WHATWG one:
   * node's `req.headers` keeps only the first Content-Type or Authorization line, and
   * Buffer#toString keeps a BOM, so the two forms answered the same bytes differently (issue 43).
   */
  function toLight(req: IncomingMessage, method: string, url: string, body: Buffer, fault: string | undefined): RequestLike {
    const headers = receivedHeaders(req, fault, new HeaderLines());
    return { method, url, headers, text: async () => (BODYLESS.has(method) ? "" : bodyText(body)) };
  }

  /** What the handler answered, as status, headers and bytes. */
  interface Written {
    status: number;
    headers: Record<string, string | string[]>;
    /** The body: text as the handler gave it is written as UTF-8 without a copy to a Buffer first. */
    payload: Buffer | string;
    /** Its length in bytes. */
    bytes: number;
    header(name: string): string | undefined;
  }

  async function fromResponse(response: Response, method: string): Promise<Written> {
    let payload: Buffer;
    try {
      payload = method === "HEAD" ? Buffer.alloc(0) : Buffer.from(await response.arrayBuffer());
    } catch {
      payload = Buffer.alloc(0);
    }
    const headers: Record<string, string | string[]> = {};
    response.headers.forEach((value, name) => {
      if (name !== "set-cookie") headers[name] = value;
    });
    const cookies = response.headers.getSetCookie();
    if (cookies.length) headers["set-cookie"] = cookies;
    return { status: response.status, headers, payload, bytes: payload.length, header: (n) => response.headers.get(n) ?? undefined };
  }

  function fromReply(reply: Reply, method: string): Written {
    const payload = method === "HEAD" || reply.body === undefined ? "" : reply.body;
    const lower: Record<string, string> = {};
    for (const k in reply.headers) lower[k.toLowerCase()] = reply.headers[k]!;
    return { status: reply.status, headers: lower, payload, bytes: Buffer.byteLength(payload), header: (n) => lower[n] };
  }

  const refusalOf = (method: string, target: string, answer: Omit<ErrorAnswer, "method">): Written => {
    const r = shapes.render({ ...answer, method, operation: "operation" in answer ? answer.operation : operationOf(method, target) });
    const headers: Record<string, string> = {};
    r.headers.forEach((value, name) => (headers[name] = value));
    const payload = method === "HEAD" ? Buffer.alloc(0) : Buffer.from(r.body ?? "");
    return { status: r.status, headers, payload, bytes: payload.length, header: (n) => headers[n] };
  };

  /** Where the server listens: read from the socket once (a system call per request cost 5 % of an emulator's answer). */
  let listenedAt: string | undefined;
  async function respond(req: IncomingMessage, res: ServerResponse, started: number) {
    const method = (req.method ?? "GET").toUpperCase();
    const target = req.url ?? "/";
    let written: Written;
    let internal: unknown;
    let release = () => undefined as void;
    let plan: ReturnType<FaultPlanner> | undefined;
    try {
      const path = pathAndQuery(target);
      const framing = req.headers["transfer-encoding"];
      const codings = framing === undefined ? NO_CODINGS : String(framing).toLowerCase().split(",").map((c) => c.trim()).filter((c) => c !== "");
      if (codings.some((c) => c !== "chunked")) {
        // Node decodes only the chunked framing; reading gzip-coded bytes as the body would be wrong.
        throw new Refusal({ status: 400, kind: "malformed-http", message: `Transfer-Encoding: ${codings.join(", ")} is not supported; send the body with chunked framing only (rule RFC 9112 §6.1)` });
      }
      if (FORBIDDEN_METHODS.has(method)) throw new Refusal({ status: 405, kind: "method-not-allowed", message: `${method} is not served here (rule RFC 9110 §9.3.8: a server may refuse it)` });
      if (options.control && options.control.mode !== "off" && options.control.owns(path)) return await respondControl(req, res, method, target, path, started, options.control);
      const preflight = cors ? preflightAnswer(method, (name) => req.headers[name] as string | undefined) : undefined;
      if (preflight) {
        res.writeHead(preflight.status, { ...extra, ...preflight.headers }).end();
        return finish({ service, method, path: safePath(target, credentials), status: preflight.status, durationMs: performance.now() - started, violations: [] });
      }
      let body: Buffer;
      try {
        ({ body, release } = framesNoBody(req) ? noBody(req) : await readNodeBody(req, budget));
      } catch (error) {
        if (error instanceof BodyTooLarge) throw new Refusal({ status: 413, kind: "body-too-large", message: error.message });
        if (error instanceof BodyBudgetSpent) throw new Refusal({ status: 503, kind: "busy", message: error.message, headers: { "retry-after": "1" } });
        throw error;
      }
      // The base is where this server listens, never the Host header (which a client chooses).
      const url = `${(listenedAt ??= listeningUrl(server))}${path}`;
      plan = options.faults?.(method, path.split("?", 1)[0]!, (name) => req.headers[name] as string | undefined);
      if (plan?.fault === "drop") {
        await sleep(plan.delayMs);
        release();
        req.socket.destroy();
        return finish({ service, method, path: safePath(target, credentials), status: 0, durationMs: performance.now() - started, violations: [], mockError: "fault: connection dropped" });
      }
      const fault = plan?.fault?.status;
      const request = options.dispatch ? undefined : toRequest(req, method, url, body, fault);
      const light = options.dispatch ? toLight(req, method, url, body, fault) : undefined;
      // A handler that works on (the proxy reading its upstream) learns when nobody waits for its answer.
      if (light) written = fromReply(await withinHandlerLimit(options.dispatch!(light), ignore), method);
      else {
        const abandon = watchAbandon(request!);
        const onClose = () => abandon(new Error("the client closed the connection"));
        res.once("close", onClose);
        try {
          written = await fromResponse(await withinHandlerLimit(options.handler!(request!), abandon), method);
        } finally {
          res.off("close", onClose);
        }
      }
    } catch (error) {
      // The client went away mid-request: nobody is left to answer.
      if (req.destroyed && (error as NodeJS.ErrnoException)?.code === "ECONNRESET") return release();
      if (error instanceof Refusal) written = refusalOf(method, target, error.answer);
      else {
        internal = error;
        written = refusalOf(method, target, { status: 500, kind: "internal", message: "The server failed while answering this request; its log has the cause" });
      }
    }
    release();
    // The latency asked for: after the answer is ready, so a slow answer is not cut by the handler limit.
    if (plan?.delayMs) await sleep(plan.delayMs);
    if (internal !== undefined) {
      write(`${service}: internal failure on ${method} ${safePath(target, credentials)}: ${(internal as Error)?.stack ?? internal}`);
    }
    if (!res.headersSent && !res.destroyed) {
      // The answer's own header object (each form builds a fresh one), copied only when the server adds
      // headers or the handler wrote framing ones, which are the server's to write.
      let headers = written.headers;
      if (hasExtra || "content-length" in headers || "transfer-encoding" in headers || "connection" in headers) {
        headers = { ...extra };
        for (const name in written.headers) {
          if (name !== "content-length" && name !== "transfer-encoding" && name !== "connection") headers[name] = written.headers[name]!;
        }
      }
      if (method !== "HEAD" || written.bytes > 0) headers["content-length"] = String(written.bytes);
      // A refused body may still be arriving; closing is cheaper than draining it.
      const kind = written.header(MOCK_ERROR_HEADER);
      if (kind === "body-too-large" || kind === "busy") {
        headers.connection = "close";
        closeLingering(req);
      }
      if (cors && req.headers.origin) Object.assign(headers, corsHeaders(req.headers.origin, Object.keys(headers)));
      try {
        res.writeHead(written.status, headers);
      } catch {
        res.writeHead(written.status, { "content-length": String(written.bytes) });
      }
      res.end(method === "HEAD" ? undefined : written.payload);
    }
    if (!listened) return;
    const warnings = written.header(MOCK_WARNING_HEADER);
    const kind = written.header(MOCK_ERROR_HEADER);
    finish({
      service,
      method,
      path: safePath(target, credentials),
      status: written.status,
      durationMs: performance.now() - started,
      violations: parseViolations(written.header("sl-violations")),
      ...(kind ? { mockError: kind } : {}),
      ...(warnings ? { warnings: warnings.split("; ") } : {}),
    });
  }

  /** A control API request: who may ask, its own body limit, no CORS, latency or faults; written here. */
  async function respondControl(req: IncomingMessage, res: ServerResponse, method: string, target: string, path: string, started: number, control: NonNullable<FrontOptions["control"]>) {
    let reply: Reply;
    let release = () => undefined as void;
    if (control.mode === "loopback" && !isLoopbackAddress(req.socket.remoteAddress)) {
      reply = control.problem(403, "forbidden", "the control API answers loopback clients only (start the emulator with --control any, or the option control: \"any\", to open it)");
    } else if (control.mode === "loopback" && !loopbackHost(req.headers.host)) {
      reply = control.problem(403, "forbidden", "Host: the control API answers requests addressed to a loopback name only (localhost, 127.0.0.1, [::1])", "Host");
    } else {
      try {
        let body: Buffer;
        ({ body, release } = await readNodeBody(req, budget, control.bodyLimit(method, path)));
        reply = control.answer({ method, target: path, contentType: req.headers["content-type"] ?? null, text: body.length ? bodyText(body) : "" });
      } catch (error) {
        if (error instanceof BodyTooLarge) reply = control.problem(413, "body-too-large", error.message, "(body)", { connection: "close" });
        else if (error instanceof BodyBudgetSpent) reply = control.problem(503, "busy", error.message, undefined, { "retry-after": "1", connection: "close" });
        else {
          write(`${service}: internal failure on ${method} ${safePath(target, credentials)}: ${(error as Error)?.stack ?? error}`);
          reply = control.problem(500 as never, "internal", "the control API failed while answering; the server's log has the cause");
        }
      }
    }
    release();
    const payload = method === "HEAD" || reply.body === undefined ? Buffer.alloc(0) : Buffer.from(reply.body);
    if (reply.status === 413 || reply.status === 503) closeLingering(req);
    if (!res.headersSent && !res.destroyed) res.writeHead(reply.status, { ...extra, ...reply.headers, "content-length": String(payload.length) }).end(payload);
    finish({ service, method, path: safePath(target, credentials), status: reply.status, durationMs: performance.now() - started, violations: [] });
  }

  // requireHostHeader off: a missing Host says nothing about the operation, and Node's own 400 would have no body.
  const server = createServer({ maxHeaderSize: MAX_HEADER_BYTES, requestTimeout, headersTimeout, connectionsCheckingInterval: checkMs, requireHostHeader: false }, (req, res) => {
    const started = performance.now();
    req.on("error", () => {});
    res.on("error", () => {});
    respond(req, res, started).catch((error) => {
      write(`${service}: could not answer: ${(error as Error)?.stack ?? error}`);
      if (!res.headersSent) res.writeHead(500, { "content-length": "0", connection: "close" });
      res.end();
    });
  });
  server.maxHeadersCount = MAX_HEADER_COUNT;

  /** Malformed HTTP never reaches a handler: answer on the raw socket in the same shape. */
  function rawAnswer(socket: Socket, answer: Omit<ErrorAnswer, "method">, reasonPhrase: string) {
    const started = performance.now();
    if (!socket.writable || (socket as any)._httpMessage?.headersSent) {
      socket.destroy();
      return;
    }
    const r = shapes.render({ ...answer, method: "GET" });
    const body = Buffer.from(r.body ?? "");
    const head = [`HTTP/1.1 ${r.status} ${reasonPhrase}`, "connection: close", `content-length: ${body.length}`];
    for (const [name, value] of Object.entries(extra)) head.push(`${name}: ${value}`);
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
    const headers: Record<string, string> = { ...extra, "content-length": String(body.length), connection: "close" };
    r.headers.forEach((value, name) => (headers[name] = value));
    res.writeHead(417, headers).end(method === "HEAD" ? undefined : body);
    finish({ service, method, path: safePath(req.url ?? "/", credentials), status: 417, durationMs: 0, violations: [], mockError: "expectation-failed" });
  });
  // CONNECT is not part of any document; without a listener Node would drop the socket unanswered.
  // (No 'upgrade' listener on purpose: then Node serves an Upgrade request as an ordinary one.)
  server.on("connect", (_req: IncomingMessage, socket: Socket) => {
    socket.on("error", () => {});
    rawAnswer(socket, { status: 405, kind: "method-not-allowed", message: "CONNECT is not served here" }, "Method Not Allowed");
  });
  return { server, budget, limits: { headersMs: headersTimeout, requestMs: requestTimeout, checkMs, bodyBytesHeld: budget.limit } };
}
