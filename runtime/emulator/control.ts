/**
 * The control API of a stateful emulator over HTTP (issue 46), on the emulator's own port under
 * the reserved prefix `/__emulator`, described by runtime/emulator/control-document.ts:
 *
 *   GET    /__emulator/requests[?operation=<operationId>]   200 { requests, dropped }
 *   DELETE /__emulator/requests                              204
 *   POST   /__emulator/reset                                 204
 *   GET    /__emulator/state                                 200 the state snapshot
 *   PUT    /__emulator/state                                 204
 *   POST   /__emulator/generate { resource, count, partition } 201 { created }
 *   GET    /__emulator/clock                                 200 { now, running }
 *   PUT    /__emulator/clock { now, running? }               200 { now, running }
 *   POST   /__emulator/clock/advance { seconds }             200 { now, running }
 *
 * Errors are RFC 9457 problem details naming the field. Who may call it (loopback clients only
 * by default) is the front end's check (runtime/http/front.ts): this file answers a request it is
 * given. Web-platform only, naming no service.
 */
import { InputError } from "../core/errors.js";
import { jsonLimitBroken, MAX_JSON_DEPTH } from "../http/limits.js";
import type { Reply } from "../http/light.js";
import type { ControlEndpoint } from "../http/front.js";
import type { RecordedRequest, RecordCounts } from "../http/handler.js";
import type { EmulatorControl } from "./types.js";
import { StateError } from "./snapshot.js";

export const CONTROL_PREFIX = "/__emulator";
/** Who the control API answers: nobody (the prefix is then an ordinary path), loopback clients (the default), anyone. */
export const CONTROL_MODES = ["off", "loopback", "any"] as const;
export type ControlMode = (typeof CONTROL_MODES)[number];

/** Body bytes of a control request other than a state; more gets 413. */
export const MAX_CONTROL_BODY_BYTES = 16 * 1024;
/** JSON values in such a body. */
export const MAX_CONTROL_JSON_VALUES = 1_000;
/** Body bytes of `PUT /__emulator/state` (the engine's per-partition record cap is 16 MiB); more gets 413. */
export const MAX_STATE_BODY_BYTES = 32 * 1024 * 1024;
/** JSON values in a state body. */
export const MAX_STATE_JSON_VALUES = 4_000_000;

/** What the control API needs of a handle: the control operations and the test handle's record. */
export interface Controllable extends EmulatorControl {
  readonly requests: readonly RecordedRequest[];
  readonly requestsRecorded: RecordCounts;
  reset(): void;
}

/** A request to the control API: its method, path and query, Content-Type and body text. */
export interface ControlRequest {
  method: string;
  /** Path and query (`/__emulator/requests?operation=createKey`). */
  target: string;
  contentType: string | null;
  text: string;
}

/** The control API of one handle as the HTTP front end serves it (runtime/http/front.ts `control`). */
export function controlEndpoint(mode: ControlMode, handle: Controllable): ControlEndpoint {
  return { mode, owns: isControlPath, bodyLimit: controlBodyLimit, problem: controlProblem, answer: (request) => answerControl(handle, request) };
}

/** Whether a request-target is under the control prefix. */
export function isControlPath(target: string): boolean {
  // Read in place: this runs for every request a stateful emulator serves.
  if (!target.startsWith(CONTROL_PREFIX)) return false;
  const next = target.charCodeAt(CONTROL_PREFIX.length);
  return Number.isNaN(next) || next === 0x2f /* / */ || next === 0x3f /* ? */;
}

/** The body limit of a control request, known before reading it. */
export function controlBodyLimit(method: string, target: string): number {
  return method === "PUT" && target.split("?", 1)[0] === `${CONTROL_PREFIX}/state` ? MAX_STATE_BODY_BYTES : MAX_CONTROL_BODY_BYTES;
}

/** A control API problem (RFC 9457), with the field it concerns. */
export function controlProblem(status: number, kind: string, detail: string, field?: string, headers: Record<string, string> = {}): Reply {
  const titles: Record<number, string> = { 400: "Bad Request", 403: "Forbidden", 404: "Not Found", 405: "Method Not Allowed", 413: "Content Too Large", 415: "Unsupported Media Type", 503: "Service Unavailable" };
  const body = { type: `urn:cloud-interfaces:control:${kind}`, title: titles[status] ?? "Error", status, detail, ...(field !== undefined ? { field } : {}) };
  return { status, headers: { "content-type": "application/problem+json", "cache-control": "no-store", ...headers }, body: JSON.stringify(body) };
}

const ok = (status: number, value: unknown): Reply => ({ status, headers: { "content-type": "application/json", "cache-control": "no-store" }, body: JSON.stringify(value) });
const none = (): Reply => ({ status: 204, headers: { "cache-control": "no-store" } });

/** Each control path (under the prefix) and its methods: the control document lists the same (test/emulator/control-document.test.ts). */
export const CONTROL_ROUTES: Readonly<Record<string, readonly string[]>> = {
  "/requests": ["GET", "DELETE"],
  "/reset": ["POST"],
  "/state": ["GET", "PUT"],
  "/generate": ["POST"],
  "/clock": ["GET", "PUT"],
  "/clock/advance": ["POST"],
};

class Refused {
  constructor(readonly reply: Reply) {}
}

/** The JSON body of a control request, checked: media type, limits, an object. */
function jsonBody(request: ControlRequest, maxValues: number): Record<string, unknown> {
  if (request.text === "") throw new Refused(controlProblem(400, "invalid", "(body): a JSON object is required", "(body)"));
  const essence = (request.contentType ?? "").split(";", 1)[0]!.trim().toLowerCase();
  if (essence !== "application/json" && !/^application\/[a-z0-9.+-]*\+json$/.test(essence)) {
    throw new Refused(controlProblem(415, "media-type", `Content-Type: must be application/json, got ${JSON.stringify(essence.slice(0, 60) || "(none)")}`, "Content-Type"));
  }
  const broken = jsonLimitBroken(request.text, MAX_JSON_DEPTH, maxValues);
  if (broken) throw new Refused(controlProblem(400, "invalid", broken === "depth" ? `(body): JSON nested deeper than ${MAX_JSON_DEPTH} levels` : `(body): more than ${maxValues} JSON values`, "(body)"));
  let value: unknown;
  try {
    value = JSON.parse(request.text);
  } catch {
    throw new Refused(controlProblem(400, "invalid", "(body): not valid JSON", "(body)"));
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) throw new Refused(controlProblem(400, "invalid", "(body): must be a JSON object", "(body)"));
  return value as Record<string, unknown>;
}

function onlyFields(body: Record<string, unknown>, allowed: string[]): void {
  for (const key of Object.keys(body)) if (!allowed.includes(key)) throw new Refused(controlProblem(400, "invalid", `${key.slice(0, 60)}: not a field of this request (${allowed.join(", ")})`, key.slice(0, 60)));
}

/** Answers one control request on a handle; never throws. */
export function answerControl(handle: Controllable, request: ControlRequest): Reply {
  let url: URL;
  try {
    url = new URL(request.target, "http://control");
  } catch {
    return controlProblem(400, "invalid", "request-target: not a valid path", "(target)");
  }
  const route = url.pathname.slice(CONTROL_PREFIX.length);
  const methods = CONTROL_ROUTES[route];
  if (!methods) return controlProblem(404, "not-found", `${url.pathname.slice(0, 200)}: no control operation has this path (${Object.keys(CONTROL_ROUTES).map((r) => CONTROL_PREFIX + r).join(", ")})`);
  if (!methods.includes(request.method)) return controlProblem(405, "method-not-allowed", `${request.method.slice(0, 20)} is not a control operation of ${url.pathname} (allowed: ${methods.join(", ")})`, undefined, { allow: methods.join(", ") });
  const query = [...url.searchParams.keys()];
  const allowedQuery = route === "/requests" && request.method === "GET" ? ["operation"] : [];
  const stray = query.find((k) => !allowedQuery.includes(k));
  if (stray !== undefined) return controlProblem(400, "invalid", `query parameter ${stray.slice(0, 60)}: not a parameter of this control operation${allowedQuery.length ? ` (${allowedQuery.join(", ")})` : ""}`, stray.slice(0, 60));
  if (request.method !== "PUT" && request.method !== "POST" && request.text !== "") return controlProblem(400, "invalid", `(body): ${request.method} ${url.pathname} takes no body`, "(body)");
  try {
    switch (`${request.method} ${route}`) {
      case "GET /requests": {
        const operation = url.searchParams.getAll("operation");
        if (operation.length > 1) return controlProblem(400, "invalid", "operation: give it once", "operation");
        const all = handle.requests;
        const requests = (operation.length ? all.filter((r) => r.operation === operation[0]) : all).map((r) => ({ method: r.method, path: r.path, operation: r.operation ?? null, status: r.status, violations: r.violations, ...(r.truncated ? { truncated: true } : {}) }));
        return ok(200, { requests, dropped: handle.requestsRecorded.dropped });
      }
      case "DELETE /requests":
        handle.clearRequests();
        return none();
      case "POST /reset":
        if (request.text !== "") return controlProblem(400, "invalid", "(body): POST /__emulator/reset takes no body", "(body)");
        handle.reset();
        return none();
      case "GET /state":
        return ok(200, handle.snapshot());
      case "PUT /state":
        handle.restore(jsonBody(request, MAX_STATE_JSON_VALUES));
        return none();
      case "POST /generate": {
        const body = jsonBody(request, MAX_CONTROL_JSON_VALUES);
        return ok(201, handle.generate(body as never));
      }
      case "GET /clock":
        return ok(200, handle.readClock());
      case "PUT /clock": {
        const body = jsonBody(request, MAX_CONTROL_JSON_VALUES);
        onlyFields(body, ["now", "running"]);
        if (body.running !== undefined && typeof body.running !== "boolean") return controlProblem(400, "invalid", "running: must be true or false", "running");
        if (typeof body.now !== "string") return controlProblem(400, "invalid", 'now: required, an RFC 3339 date-time with its offset ("2030-01-01T00:00:00Z")', "now");
        handle.setClock(body.now, { running: body.running === true });
        return ok(200, handle.readClock());
      }
      case "POST /clock/advance": {
        const body = jsonBody(request, MAX_CONTROL_JSON_VALUES);
        onlyFields(body, ["seconds"]);
        if (typeof body.seconds !== "number") return controlProblem(400, "invalid", "seconds: required, a number of seconds", "seconds");
        handle.advanceClock(body.seconds);
        return ok(200, handle.readClock());
      }
    }
    return controlProblem(404, "not-found", `${url.pathname.slice(0, 200)}: no control operation`);
  } catch (error) {
    if (error instanceof Refused) return error.reply;
    if (error instanceof InputError || error instanceof StateError) return controlProblem(400, "invalid", error.message.slice(0, 1000), error.field);
    throw error;
  }
}

/** Adds the control operations to a form's handle: the emulator's, or (a stateless form) ones that say it is not stateful. */
export function withControl<T extends object>(handle: T, emulator: EmulatorControl | undefined): T & EmulatorControl {
  const refuse = (name: string) => () => {
    throw new InputError("stateful", "required", `${name}(): this handle serves no emulator (a Prism mock or a bare handler): start the mock with stateful: true (--stateful), or serve an emulator`);
  };
  const methods: EmulatorControl = emulator
    ? {
        snapshot: () => emulator.snapshot(),
        restore: (snapshot) => emulator.restore(snapshot),
        generate: (request) => emulator.generate(request),
        setClock: (now, options) => emulator.setClock(now, options),
        advanceClock: (seconds) => emulator.advanceClock(seconds),
        readClock: () => emulator.readClock(),
        clearRequests: () => emulator.clearRequests(),
      }
    : { snapshot: refuse("snapshot"), restore: refuse("restore"), generate: refuse("generate"), setClock: refuse("setClock"), advanceClock: refuse("advanceClock"), readClock: refuse("readClock"), clearRequests: refuse("clearRequests") };
  return Object.assign(handle, methods);
}
