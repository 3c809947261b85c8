/**
 * A validating proxy: forwards traffic to a real server and checks every request and every
 * answer against the document, logging each violation (undeclared names included, as the mock
 * names them); `strict` answers a request the document does not declare or allow with the
 * document's own error instead of forwarding it, as the strict mock refuses it. It sits behind the mock's HTTP edge, so bad traffic never takes it down.
 */
import { Contract } from "../emulator/contract.js";
import { readBundle } from "../package/documents.js";
import { errorShapes } from "../http/error-shapes.js";
import type { MockHandler } from "../http/handler.js";
import { register, startFront } from "../http/front.js";
import { abandonedSignal } from "../http/abandoned.js";
import { route } from "../openapi/operations.js";
import { operationTable } from "../openapi/operation-table.js";
import { describeUndeclared, undeclaredInputs } from "../http/undeclared.js";
import { credentialNames } from "../openapi/violations.js";
import { UsageError } from "../options/option-set.js";
import type { ServiceId } from "../../generated/service-ids.js";
import type { FetchLike } from "./sender.js";
import { ajvValidators } from "../emulator/ajv-validators.js";
import { declaredOver, DEFAULT_MAX_BODY_BYTES, isByteLimit, readLimited } from "../core/body-limit.js";
import { formatBytes } from "./sender.js";
import { requestValues, type RequestValues } from "../core/required-when.js";
import { BoundedRecord, checkRecordLimit, clipProblems, clipText, MAX_RECORDED_PATH, problemsOverBound, type RecordCounts, type RecordOptions } from "../controls/bounded-record.js";
import { DriftTally } from "./drift-tally.js";

export interface ProxyViolation {
  /** "request": the client broke the document; "response": the server did. */
  side: "request" | "response";
  operation: string;
  method: string;
  path: string;
  status?: number;
  problems: string[];
  /** Set when `path` or `problems` were cut to the record's per-entry bounds (2,048 characters of path; 20 problems of 512). */
  truncated?: true;
}

/** `recordLimit` bounds `violations` (default 1,000); the summary counts them all. */
export interface ProxyOptions extends RecordOptions {
  /** The real server; every request is forwarded to its origin (and its path prefix). */
  target: string;
  port?: number;
  host?: string;
  /** Refuse what the document does not declare or allow, with its documented error, instead of forwarding. */
  strict?: boolean;
  /** CORS headers and preflight answers, as the mock's (default true). */
  cors?: boolean;
  /** Where violation lines go (default stderr). */
  write?: (line: string) => void;
  /** Instead of the global fetch (tests). */
  fetch?: FetchLike;
  /** The largest upstream answer body read, in bytes (default 16 MiB); a larger one is answered 502, read no further. */
  maxBodyBytes?: number;
}

export interface RunningProxy {
  url: string;
  /** The newest violations, oldest first: at most `recordLimit` (a snapshot). */
  readonly violations: readonly ProxyViolation[];
  /** How many violations `violations` keeps of how many there were. */
  readonly violationsRecorded: RecordCounts;
  /** The drift between the server and the document: violations per operation and side. */
  summary(): string;
  close(): Promise<void>;
}

/**
 * Not forwarded: the connection's own headers, and `Expect`, which the front end has already
 * answered (100-continue) with the whole body in hand; fetch refuses to send it (a 502 before).
 */
const HOP_BY_HOP = new Set(["connection", "keep-alive", "transfer-encoding", "upgrade", "host", "content-length", "proxy-authorization", "te", "trailer", "expect"]);

export function createProxyHandler(serviceId: ServiceId, options: ProxyOptions, record: (v: ProxyViolation) => void): MockHandler {
  const doc = readBundle(serviceId as ServiceId);
  const contract = new Contract(serviceId, doc, ajvValidators(serviceId, doc));
  const operations = operationTable(doc).operations;
  const shapes = errorShapes(doc, operations);
  const target = new URL(options.target);
  const send = options.fetch ?? ((r: Request, init?: { signal?: AbortSignal }) => fetch(r, init));
  const maxBody = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  return async (request) => {
    const url = new URL(request.url);
    const bytes = new Uint8Array(await request.arrayBuffer());
    const text = new TextDecoder().decode(bytes);
    const matched = contract.match(request.method, url);
    const where = { method: request.method, path: url.pathname };
    let operation = "(none)";
    let op: (typeof contract.operations)[number] | undefined;
    /** What the request said, for the answer's rules that depend on it (x-required-when). */
    let sent: RequestValues | undefined;
    if ("op" in matched) {
      op = matched.op;
      operation = op.operationId;
      const found = route(operations, request.method, url.pathname);
      const info = found.kind === "operation" ? found.operation : undefined;
      // Names the operation does not declare: what the mock's --strict refuses.
      const undeclared = info ? await undeclaredInputs(doc, info, new Request(request.url, { method: request.method, headers: request.headers, body: bytes.length && request.method !== "GET" && request.method !== "HEAD" ? bytes : null })) : [];
      if (undeclared.length) {
        const warning = describeUndeclared(undeclared);
        record({ side: "request", operation, ...where, problems: [warning] });
        if (options.strict) return shapes.respond({ operation: info, status: 400, kind: "undeclared-input", method: request.method, message: `${warning} (rule strict: ${info!.key} does not declare ${undeclared.length === 1 ? "it" : "them"})` });
      }
      const read = await contract.readRequest(op, request, url, matched.path, text);
      if ("input" in read) sent = requestValues(read.input.query, read.input.body);
      if ("failure" in read) {
        record({ side: "request", operation, ...where, problems: read.failure.problems });
        if (options.strict) {
          const status = read.failure.kind === "security" ? 401 : read.failure.kind === "mediaType" && op.responses.some((r) => r.status === "415") ? 415 : 400;
          return shapes.respond({ status, kind: status === 401 ? "unauthorized" : "invalid-request", message: read.failure.problems.join("; "), method: request.method, operation: info });
        }
      }
    } else {
      record({ side: "request", operation, ...where, status: matched.status, problems: [matched.status === 404 ? "no operation of the document has this path" : `the path has no ${request.method} operation`] });
      if (options.strict) {
        return shapes.respond({ status: matched.status, kind: matched.status === 404 ? "not-found" : "method-not-allowed", message: `${request.method} ${url.pathname} is not an operation of the document`, method: request.method, headers: matched.allow.length ? { allow: matched.allow.join(", ") } : {} });
      }
    }
    const headers = new Headers();
    request.headers.forEach((value, name) => {
      if (!HOP_BY_HOP.has(name)) headers.set(name, value);
    });
    const forwardUrl = `${target.origin}${target.pathname.replace(/\/$/, "")}${url.pathname}${url.search}`;
    // The upstream is read only while someone waits for the answer (the edge says when its client is gone or it gave up).
    const upstream = new AbortController();
    const abandoned = abandonedSignal(request) ?? request.signal;
    const stop = () => upstream.abort(abandoned.reason);
    if (abandoned.aborted) stop();
    abandoned.addEventListener("abort", stop, { once: true });
    let answer: Response;
    let body: string;
    /** The upstream's bytes, handed back as they came (a string body would gain text/plain and lose what is not UTF-8). */
    let payload: Uint8Array | null = null;
    try {
      try {
        answer = await send(new Request(forwardUrl, { method: request.method, headers, body: bytes.length && request.method !== "GET" && request.method !== "HEAD" ? bytes : null, redirect: "manual" }), { signal: upstream.signal });
      } catch (error) {
        const cause = (error as { cause?: { code?: string } })?.cause?.code ?? (error as Error)?.message;
        return shapes.respond({ status: 502, kind: "internal", message: `the target ${target.origin} did not answer (${cause})`, method: request.method });
      }
      const tooLarge = () => {
        upstream.abort();
        const message = `the target's answer is larger than ${formatBytes(maxBody)} (the proxy's byte limit, --max-body); it was not read further`;
        record({ side: "response", operation, ...where, status: answer.status, problems: [message] });
        return shapes.respond({ status: 502, kind: "internal", message, method: request.method });
      };
      if (request.method === "HEAD") {
        answer.body?.cancel().catch(() => undefined);
        body = "";
      } else {
        if (declaredOver(answer.headers, maxBody)) return tooLarge();
        let read;
        try {
          read = await readLimited(answer.body, maxBody, upstream.signal);
        } catch (error) {
          const cause = (error as { cause?: { code?: string } })?.cause?.code ?? (error as Error)?.message;
          return shapes.respond({ status: 502, kind: "internal", message: `the target ${target.origin} broke off its answer (${cause})`, method: request.method });
        }
        if ("over" in read) return tooLarge();
        payload = read.bytes.length > 0 ? read.bytes : null;
        body = new TextDecoder().decode(read.bytes);
      }
    } finally {
      abandoned.removeEventListener("abort", stop);
    }
    // Every value the upstream sent goes back (several Set-Cookie lines stay several): Headers keeps
    // them apart; the contract reads one string per name.
    const forwarded = new Headers();
    const out: Record<string, string> = {};
    answer.headers.forEach((value, name) => {
      if (HOP_BY_HOP.has(name) || name === "content-encoding") return;
      forwarded.append(name, value);
      out[name] = out[name] === undefined ? value : `${out[name]}, ${value}`;
    });
    if (op) {
      const problems = contract.checkResponse(op, { status: answer.status, headers: out, body }, sent);
      if (problems.length) record({ side: "response", operation, ...where, status: answer.status, problems });
    }
    return new Response(request.method === "HEAD" || [204, 304].includes(answer.status) ? null : (payload as Uint8Array<ArrayBuffer> | null), { status: answer.status, headers: forwarded });
  };
}

/** The drift summary: every violation counted (a running proxy's tally also counts those its record dropped), by side, operation and problem. */
export function summarize(serviceId: string, violations: readonly ProxyViolation[] | DriftTally): string {
  let tally: DriftTally;
  if (violations instanceof DriftTally) tally = violations;
  else {
    tally = new DriftTally();
    for (const v of violations) tally.add(v.side, v.operation, v.problems);
  }
  if (tally.total === 0) return `${serviceId} proxy: no drift, every request and answer followed the document`;
  return `${serviceId} proxy: ${tally.total} violation(s)\n${tally.lines().join("\n")}`;
}

/** The violation as kept: its path and problems cut to the record's per-entry bounds, marked if they were. */
function keptViolation(v: ProxyViolation): ProxyViolation {
  if (v.path.length <= MAX_RECORDED_PATH && !problemsOverBound(v.problems)) return v;
  return { ...v, path: clipText(v.path, MAX_RECORDED_PATH), problems: clipProblems(v.problems), truncated: true };
}

export async function startProxy(serviceId: ServiceId, options: ProxyOptions): Promise<RunningProxy> {
  if (options.maxBodyBytes !== undefined && !isByteLimit(options.maxBodyBytes)) throw new UsageError(`--max-body: must be a positive whole number of bytes, got ${options.maxBodyBytes}`);
  let targetUrl: URL;
  try {
    targetUrl = new URL(options.target);
  } catch {
    throw new UsageError(`--target: not a URL (${JSON.stringify(options.target)})`);
  }
  if (targetUrl.protocol !== "http:" && targetUrl.protocol !== "https:") throw new UsageError(`--target: must be http or https, got ${targetUrl.protocol}`);
  const recordLimit = checkRecordLimit(options.recordLimit);
  const write = options.write ?? ((line: string) => process.stderr.write(`${line}\n`));
  // Bounded (issue 43): the newest recordLimit violations are kept; the tally counts every one for the summary.
  const violations = new BoundedRecord<ProxyViolation>(recordLimit);
  const tally = new DriftTally();
  const record = (v: ProxyViolation) => {
    violations.push(keptViolation(v));
    tally.add(v.side, v.operation, v.problems);
    write(`${serviceId} proxy: ${v.side === "response" ? "server" : "client"} broke the document on ${v.operation} (${v.method} ${v.path}${v.status ? ` → ${v.status}` : ""}): ${v.problems.join("; ")}`);
  };
  const doc = readBundle(serviceId as ServiceId);
  const operations = operationTable(doc).operations;
  const front = await startFront(
    { service: `${serviceId} proxy`, handler: createProxyHandler(serviceId, options, record), shapes: errorShapes(doc, operations), operations, credentials: credentialNames(doc), write, ...(options.cors !== undefined ? { cors: options.cors } : {}) },
    { port: options.port ?? 0, host: options.host ?? "127.0.0.1" },
  );
  const proxy: RunningProxy = {
    url: front.url,
    get violations() {
      return violations.entries();
    },
    get violationsRecorded() {
      return violations.counts();
    },
    summary: () => summarize(serviceId, tally),
    close: front.close,
  };
  return register(proxy, front);
}
