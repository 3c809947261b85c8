import { base64url } from "./bytes.js";
import { Contract, type RequestFailure, type RequestInput, type ValidatorSource } from "./contract.js";
import { mockView } from "../controls/mock-view.js";
import { errorShapes, type ErrorAnswer, type ErrorShapes } from "../http/error-shapes.js";
import { jsonLimitBroken, MAX_JSON_DEPTH, MAX_JSON_VALUES, MAX_URL_BYTES } from "../http/limits.js";
import type { TableOperation } from "../openapi/operation-table.js";
import { maySelectCase, requestedCase } from "../controls/case-selection.js";
import { checkCase } from "../controls/case-check.js";
import { BodyTooLarge, boundedText } from "../http/body.js";
import { CapReached } from "./caps.js";
import { isJsonMediaType } from "../core/media-type.js";
import { requestBodyMediaType, UNTYPED_BODY } from "../openapi/request-media-type.js";
import { requestValues, type RequestValues } from "../core/required-when.js";
import type { Emulator, EmulatorOptions, Reply, RequestLike, Violation } from "./types.js";
import type { RecordedRequest } from "../http/handler.js";
import { BoundedRecord, clipProblems } from "../controls/bounded-record.js";
import { keptRequest } from "../controls/recorder.js";
import { InputError } from "../core/errors.js";
import { readSnapshot, StateError, takeSnapshot, type StateSnapshot } from "./snapshot.js";
import { checkGenerateRequest, type GenerateChecks, type GenerateRequest } from "./generate.js";
import { MovableClock } from "./clock.js";

export type { Reply, RequestLike } from "./types.js";

/** Clock and randomness of one emulator; everything that varies goes through here. */
export interface Env {
  now(): number;
  random(): number;
  /** A v4-shaped UUID from the injected randomness. */
  uuid(): string;
  /** `bytes` random bytes, base64url without padding. */
  token(bytes?: number): string;
  bytes(count: number): Uint8Array;
}

export interface Context<S> extends Env {
  request: RequestLike;
  url: URL;
  op: TableOperation;
  input: RequestInput;
  state: S;
  serviceId: string;
  /** The document's own answer of this status for the operation (its example, the message rewritten to say what was wrong). */
  answer(status: number, message: string): Reply;
  /** The document the emulator follows. */
  document: unknown;
  /**
   * Registers how to take back a write just about to be made: run (last first) when the answer
   * is refused as an emulator bug or the handler throws, so such a request changes nothing.
   */
  undo?(fn: () => void): void;
}

export type Failure = RequestFailure | { kind: "error"; problems: string[] };

export interface ServiceDefinition<S> {
  serviceId: string;
  initialState(env: Env, options: EmulatorOptions): S;
  operations: Record<string, (ctx: Context<S>) => Reply | Promise<Reply>>;
  /** The documented answer to a request the contract refused (or to a handler that threw). */
  reject(failure: Failure, op: TableOperation, ctx: Omit<Context<S>, "input">): Reply | Promise<Reply>;
  /** Makes and stores records of a resource (`generate()`, `POST /__emulator/generate`); resolves how many. */
  generate?(state: S, env: Env, request: GenerateRequest, checks: GenerateChecks): number;
  /** Vets a state read from a snapshot and computes what it derives (throws StateError); gives the answers its records make, for the document to check. */
  restored?(state: S): Array<{ operationId: string; where: string; reply(): Reply }> | void;
}

/** "00" to "ff" by byte value. */
const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, "0"));

export function createEnv(options: EmulatorOptions): Env & { draws(): number } {
  const source = options.random ?? Math.random;
  let draws = 0;
  const random = () => {
    draws++;
    return source();
  };
  const bytes = (count: number) => {
    const out = new Uint8Array(count);
    for (let i = 0; i < count; i++) out[i] = Math.floor(random() * 256) & 0xff;
    return out;
  };
  return {
    now: options.clock ?? Date.now,
    random,
    draws: () => draws,
    bytes,
    uuid() {
      const b = bytes(16);
      b[6] = (b[6]! & 0x0f) | 0x40;
      b[8] = (b[8]! & 0x3f) | 0x80;
      // Every answer carries one (a correlation id): by a byte table, not 16 strings padded and joined.
      let id = "";
      for (let i = 0; i < 16; i++) id += (i === 4 || i === 6 || i === 8 || i === 10 ? "-" : "") + HEX[b[i]!];
      return id;
    },
    token(count = 24) {
      return base64url(bytes(count));
    },
  };
}

function problem(status: number, title: string, extra: Record<string, unknown> = {}): Reply {
  return json(status, { title, status, ...extra }, "application/problem+json");
}

export function toResponse(reply: Reply): Response {
  return new Response(reply.body ?? null, { status: reply.status, headers: reply.headers });
}

const contracts = new WeakMap<object, Contract>();

/** One contract per document object: reading the document's operations is the slow part of creation. */
function contractFor(serviceId: string, document: unknown, validators: ValidatorSource): Contract {
  let contract = contracts.get(document as object);
  if (!contract) {
    // A mock reads the document's mock view (x-mock-schema): e.g. KMS Prefer takes code=/example= too.
    contract = new Contract(serviceId, mockView(document), validators);
    contracts.set(document as object, contract);
  }
  return contract;
}

/**
 * Runs a service definition as an emulator: route, check the request against the document, run
 * the operation on the in-memory state, check the answer against the document. An answer the
 * document does not allow is never sent: it becomes a 500 naming the emulator bug.
 */
export function createServiceEmulator<S>(def: ServiceDefinition<S>, compiled: { document: unknown; validators: ValidatorSource }, options: EmulatorOptions = {}): Emulator<S> {
  const contract = contractFor(def.serviceId, compiled.document, compiled.validators);
  // Every time-dependent behaviour reads this clock: the caller's `clock` (default real time), set or moved by setClock/advanceClock.
  const clock = new MovableClock(options.clock);
  const env = createEnv({ ...options, clock: () => clock.now() });
  let state = def.initialState(env, options);
  // Bounded (issue 43): a long-running emulator keeps the newest recordLimit of each, with counts.
  const violations = new BoundedRecord<Violation>(options.recordLimit);
  const requests = new BoundedRecord<RecordedRequest>(options.recordLimit);

  function verified(op: TableOperation, response: Reply, request?: RequestValues): Reply {
    const problems = contract.checkResponse(op, response, request);
    if (problems.length === 0) return response;
    const violation = { operation: op.operationId, status: response.status, problems };
    violations.push({ ...violation, problems: clipProblems(problems) });
    options.onViolation?.(violation);
    return problem(500, `Emulator bug: ${def.serviceId} ${op.operationId} answered ${response.status} against the document`, {
      type: "urn:cloud-interfaces:emulator-bug",
      operation: op.operationId,
      problems,
    });
  }

  let shapes: ErrorShapes | undefined;

  /** A limit answer: the document's error shape with the mock's X-Mock-Error kind (runtime/mock/README.md), not checked as a documented case. */
  function refusal(answer: ErrorAnswer, operation: TableOperation | undefined): Reply {
    shapes ??= errorShapes(compiled.document, contract.operations);
    const r = shapes.render({ ...answer, operation });
    const headers: Record<string, string> = {};
    r.headers.forEach((value, name) => (headers[name] = value));
    return { status: r.status, headers, ...(r.body !== null ? { body: r.body } : {}) };
  }

  /** Every request is recorded with its operation, what it broke and the status answered (the test handle's `requests`). */
  async function dispatch(request: RequestLike): Promise<Reply> {
    const seen: { operation?: string; problems: string[]; path?: string } = { problems: [] };
    const reply = await answer(request, seen);
    // The path as parsed for the answer; a URL that did not parse is recorded as sent.
    requests.push(keptRequest({ method: request.method, path: seen.path ?? request.url, operation: seen.operation, violations: seen.problems, status: reply.status }));
    return reply;
  }

  async function answer(request: RequestLike, seen: { operation?: string; problems: string[]; path?: string }): Promise<Reply> {
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return problem(400, "Bad Request: the request URL is not absolute");
    }
    seen.path = `${url.pathname}${url.search}`;
    // What the edge counts: the request-target (path and query, percent-encoded, so one byte a character).
    const targetBytes = url.pathname.length + url.search.length;
    if (targetBytes > MAX_URL_BYTES) {
      return refusal({ status: 414, kind: "uri-too-long", message: `request-target: ${targetBytes} bytes (rule at most ${MAX_URL_BYTES} bytes)`, method: request.method }, undefined);
    }
    const matched = contract.match(request.method, url);
    if (!("op" in matched)) {
      // The mock's own errors (runtime/mock/README.md), in the document's error shape.
      const allow = [...new Set(matched.allow)].join(", ");
      return matched.status === 404
        ? refusal({ status: 404, kind: "not-found", message: `${url.pathname.slice(0, 200)}: no operation of the document has this path`, method: request.method }, undefined)
        : refusal({ status: 405, kind: "method-not-allowed", message: `${request.method.slice(0, 20)} is not documented for this path (allowed: ${allow})`, method: request.method, headers: { allow } }, undefined);
    }
    const { op } = matched;
    seen.operation = op.operationId;
    const answer = (status: number, message: string) => refusal({ status, kind: status === 401 ? "unauthorized" : "invalid-request", message, method: request.method }, op);
    // The writes of this request, each with its undo (engine.ts): taken back when the answer is not sent as it is.
    const journal: Array<() => void> = [];
    const rollback = () => {
      for (let i = journal.length - 1; i >= 0; i--) journal[i]!();
      journal.length = 0;
    };
    // One object literal with every field (no spread: on Node 20 each property written after a
    // spread costs 1-2 µs); the handler's input is set on it once the request is read.
    const base: Context<S> = {
      now: env.now,
      random: env.random,
      uuid: env.uuid,
      token: env.token,
      bytes: env.bytes,
      request,
      url,
      op,
      input: undefined as unknown as Context<S>["input"],
      state,
      serviceId: def.serviceId,
      answer,
      document: compiled.document,
      undo: (fn: () => void) => void journal.push(fn),
    };
    let response: Reply;
    /** What the request said, for the answer's rules that depend on it (x-required-when). */
    let sentValues: RequestValues | undefined;
    // X-Mock-Case, X-Mock-Fault, Prefer code=/example= or ?__code= (runtime/controls/case-selection.ts), checked as the Prism mock checks them.
    const forced = maySelectCase(request.headers, url) ? checkCase(op, requestedCase(request.headers, url).selection) : undefined;
    // A case the operation does not document is the mock's refusal, never the real operation (which would write).
    if (forced && "refusal" in forced) return refusal({ ...forced.refusal, method: request.method }, op);
    try {
      if (forced?.status !== undefined) {
        // A documented case on demand (Prism's Prefer: code=, example=), checked like any answer.
        const example = contract.exampleResponse(op, forced.status, forced.example);
        if (example) return verified(op, example);
      }
      let text = "";
      if (request.method !== "GET" && request.method !== "HEAD") {
        try {
          text = await boundedText(request);
        } catch (error) {
          if (error instanceof BodyTooLarge) seen.problems = [error.message];
          if (error instanceof BodyTooLarge) return refusal({ status: 413, kind: "body-too-large", message: error.message, method: request.method }, op);
          throw error;
        }
      }
      const broken = isJsonMediaType(requestBodyMediaType(request.headers.get("content-type"), text.length, { [UNTYPED_BODY]: op.request?.untyped })) ? jsonLimitBroken(text) : undefined;
      if (broken) {
        const message = broken === "depth" ? `body: JSON nested deeper than the emulator's limit (rule at most ${MAX_JSON_DEPTH} levels)` : `body: more JSON values than the emulator's limit (rule at most ${MAX_JSON_VALUES} values)`;
        seen.problems = [message];
        // Where the operation documents no 400 (a CORS preflight), the family's 400 would be an
        // undocumented answer, i.e. a 500: the mock's own limit error instead, as the Prism mock gives.
        if (!documentsStatus(op, "400")) return refusal({ status: 400, kind: broken === "depth" ? "too-deep" : "too-many-values", message, method: request.method }, op);
        return verified(op, await def.reject({ kind: "invalid", problems: [message] }, op, base));
      }
      const reading = contract.readRequest(op, request, url, matched.path, text);
      const read = reading instanceof Promise ? await reading : reading;
      if ("failure" in read) {
        seen.problems = [...read.failure.problems];
        response = await def.reject(read.failure, op, base);
      }
      else {
        sentValues = requestValues(read.input.query, read.input.body);
        const handler = def.operations[op.operationId];
        // Awaited only when a handler works asynchronously: each turn of the promise queue costs the answer.
        const handled = handler ? handler(((base.input = read.input), base)) : def.reject({ kind: "error", problems: [`operation ${op.operationId} is not emulated`] }, op, base);
        response = handled instanceof Promise ? await handled : handled;
      }
    } catch (error) {
      // A handler that threw half-way leaves nothing of what it wrote.
      rollback();
      if (error instanceof CapReached) return verified(op, await def.reject({ kind: "invalid", problems: [error.message] }, op, base));
      response = await def.reject({ kind: "error", problems: [error instanceof Error ? error.message : String(error)] }, op, base);
    }
    const sent = verified(op, response, sentValues);
    // An answer the document refuses becomes a 500: the state is as it was before the request.
    if (sent !== response) rollback();
    return sent;
  }

  /** The request checks a generated record passes: the operation's own validators. */
  const checks: GenerateChecks = {
    body(operationId, body) {
      const op = contract.operations.find((o) => o.operationId === operationId);
      const [mediaType, validate] = [...((op && contract.checksOf(op).body?.content) ?? [])].find(([type]) => isJsonMediaType(type)) ?? [];
      if (!mediaType) return [`${operationId} takes no JSON body`];
      if (!validate || validate(body)) return [];
      return (validate.errors ?? []).map((e) => `${e.instancePath || "/"} ${e.message ?? e.keyword}`);
    },
    param(operationId, name, value) {
      const op = contract.operations.find((o) => o.operationId === operationId);
      const param = op && contract.checksOf(op).params.find((p) => p.name.toLowerCase() === name.toLowerCase());
      if (!param) return [];
      const holder = { v: value };
      return param.validate(holder) ? [] : (param.validate.errors ?? []).map((e) => `${e.message ?? e.keyword}`);
    },
  };

  return {
    serviceId: def.serviceId,
    handle: async (request: Request) => toResponse(await dispatch(request)),
    dispatch,
    reset() {
      state = def.initialState(env, options);
      violations.clear();
      requests.clear();
      clock.reset();
    },
    clearRequests() {
      requests.clear();
    },
    snapshot(): StateSnapshot {
      return takeSnapshot(def.serviceId, state as object, env.draws());
    },
    restore(snapshot: unknown) {
      const fresh = def.initialState(env, options) as Record<string, unknown>;
      const { state: next, draws } = readSnapshot(def.serviceId, snapshot, fresh);
      // Each record as its create answers it must be an answer the document allows: else the service would answer 500s from it.
      for (const sample of def.restored?.(next as S) ?? []) {
        const op = contract.operations.find((o) => o.operationId === sample.operationId);
        if (!op) continue;
        const problems = contract.responseProblems(op, sample.reply()).filter((p) => p.where === "body" || p.where === "mediaType");
        if (problems.length) throw new StateError(sample.where, `a record the document does not allow (${problems.slice(0, 3).map((p) => p.message).join("; ").slice(0, 400)})`);
      }
      // A restart with the same seed continues its randomness after the saved run's (bounded: a hostile count costs at most this many draws).
      for (let n = env.draws(); n < Math.min(draws, MAX_DRAWS_SKIPPED); n++) env.random();
      state = next as S;
    },
    generate(request: GenerateRequest) {
      const checked = checkGenerateRequest(request);
      if (!def.generate) throw new InputError("resource", "unsupported", `resource: the ${def.serviceId} emulator generates no records`);
      try {
        return { created: def.generate(state, env, checked, checks) };
      } catch (error) {
        if (error instanceof CapReached) throw new InputError("count", "cap", `count: ${error.message}`);
        throw error;
      }
    },
    setClock(now: Date | string | number, setOptions: { running?: boolean } = {}) {
      clock.set(clockTime(now), setOptions.running === true);
    },
    advanceClock(seconds: number) {
      if (typeof seconds !== "number" || !Number.isFinite(seconds) || Math.abs(seconds) > MAX_ADVANCE_SECONDS) {
        throw new InputError("seconds", "range", `seconds: must be a finite number of seconds, at most ${MAX_ADVANCE_SECONDS} either way, got ${JSON.stringify(seconds)?.slice(0, 40)}`);
      }
      const next = clock.now() + seconds * 1000;
      if (next < 0 || next > 253402300799999) throw new InputError("seconds", "range", `seconds: the clock would leave the years 1970-9999`);
      clock.advance(seconds * 1000);
    },
    readClock() {
      return { now: new Date(clock.now()).toISOString(), running: clock.running };
    },
    get state() {
      return state;
    },
    get violations() {
      return violations.entries();
    },
    get violationsRecorded() {
      return violations.counts();
    },
    get requests() {
      return requests.entries();
    },
    get requestsRecorded() {
      return requests.counts();
    },
    document: compiled.document,
  };
}

/** The most random draws a restored snapshot skips (a seeded run of a million keys draws about 50 million). */
const MAX_DRAWS_SKIPPED = 100_000_000;
/** How far the clock moves in one call: 100 years. */
export const MAX_ADVANCE_SECONDS = 100 * 366 * 86_400;

/** A time given to setClock: a Date, an ISO date-time with its offset, or milliseconds since the epoch, between 1970 and 9999. */
function clockTime(now: unknown): number {
  const time = now instanceof Date ? now.getTime() : typeof now === "number" ? now : typeof now === "string" && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i.test(now) ? Date.parse(now) : NaN;
  if (!Number.isFinite(time) || time < 0 || time > 253402300799999) throw new InputError("now", "date-time", `now: must be an RFC 3339 date-time with its offset (2030-01-01T00:00:00Z) between 1970 and 9999, got ${JSON.stringify(now)?.slice(0, 60)}`);
  return time;
}

/** Whether the operation documents this status, by itself, its class (`4XX`) or `default`. */
function documentsStatus(op: TableOperation, status: string): boolean {
  return op.responses.some((r) => r.status === status || r.status === `${status[0]}XX` || r.status === "default");
}

/** A JSON response with the given media type. */
export function json(status: number, body: unknown, mediaType = "application/json", headers: Record<string, string> = {}): Reply {
  const text = JSON.stringify(body);
  // What the text says, as an object for the answer's check (serialised once, never parsed back). A value JSON
  // would change (undefined, NaN, a Date) is parsed back instead, so the check always sees what is sent.
  return { status, headers: { "content-type": mediaType, ...headers }, body: text, value: jsonSafe(body) ? body : JSON.parse(text) };
}

/** Whether JSON.stringify writes the value as it is: plain objects, arrays, strings, finite numbers, booleans, null. */
function jsonSafe(value: unknown, depth = 0): boolean {
  if (value === null || typeof value === "string" || typeof value === "boolean") return true;
  if (typeof value === "number") return Number.isFinite(value);
  if (typeof value !== "object" || depth > 64) return false;
  if (Array.isArray(value)) return value.every((v) => jsonSafe(v, depth + 1));
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return false;
  for (const key in value) if (!jsonSafe((value as Record<string, unknown>)[key], depth + 1)) return false;
  return true;
}

export function empty(status: number, headers: Record<string, string> = {}): Reply {
  return { status, headers };
}
