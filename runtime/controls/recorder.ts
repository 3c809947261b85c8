/**
 * The test handle's record for a WHATWG handler (the Prism mock, a bare handler given to
 * serveHandler): every request that reached the handler, with its operation, the request's
 * violations (Prism's `sl-violations`, request side) and the status answered. The emulators
 * record the same fields themselves (runtime/emulator/app.ts), so `requests` reads alike on
 * every form.
 */
import { route } from "../openapi/operations.js";
import type { TableOperation } from "../openapi/operation-table.js";
import { BoundedRecord, clipProblems, clipText, MAX_RECORDED_PATH, problemsOverBound, type RecordCounts } from "./bounded-record.js";

/** A WHATWG handler, as runtime/http/handler.ts `MockHandler` names it. */
type MockHandler = (request: Request) => Promise<Response>;

/**
 * One request a mock or emulator received, as its test handle records it (`requests`), the
 * same on every form: startMock, serveHandler, mswEmulator.
 */
export interface RecordedRequest {
  method: string;
  /** Path and query as sent; a longer one than MAX_RECORDED_PATH (2,048) is cut, and `truncated` set. */
  path: string;
  /** The operationId the request addressed; undefined when it addressed none (404, 405, a malformed target). */
  operation: string | undefined;
  /** What the request broke of the document (empty for a valid request); the answer's own violations stay in `violations`. */
  violations: string[];
  /** The status answered. */
  status: number;
  /** Set when `path` or `violations` were cut to the record's per-entry bounds (runtime/controls/bounded-record.ts). */
  truncated?: true;
}

/** What a test holds of a running mock or emulator: what it received, and a way back to its start. */
export interface TestHandle {
  /**
   * The newest requests received since the start or the last reset, oldest first: at most
   * `recordLimit` (default 1,000), so a long-running mock does not grow. A snapshot: read it
   * again after more requests.
   */
  readonly requests: readonly RecordedRequest[];
  /** How many requests `requests` keeps of how many were received, e.g. `{ kept: 1000, seen: 250000, dropped: 249000, limit: 1000 }`. */
  readonly requestsRecorded: RecordCounts;
  /** Back to the starting state (an emulator's world; on the stateless Prism mock only `requests` is cleared). */
  reset(): void;
}


/** The entry as kept: its path and violations cut to the record's per-entry bounds, marked `truncated` if they were. */
export function keptRequest(entry: RecordedRequest): RecordedRequest {
  const longPath = entry.path.length > MAX_RECORDED_PATH;
  // A method is a token of any length to a WHATWG Request; the front end refuses odd ones, a direct call may not.
  const longMethod = entry.method.length > 32;
  if (!longPath && !longMethod && !problemsOverBound(entry.violations)) return entry;
  return { ...entry, method: clipText(entry.method, 32), path: clipText(entry.path, MAX_RECORDED_PATH), violations: clipProblems(entry.violations), truncated: true };
}

function requestViolations(header: string | null): string[] {
  if (!header) return [];
  try {
    const parsed = JSON.parse(header) as { location?: string[]; message?: string }[];
    return Array.isArray(parsed) ? parsed.filter((v) => v.location?.[0] !== "response").map((v) => `${(v.location ?? []).join(".")}: ${v.message}`) : [];
  } catch {
    return [];
  }
}

/** The handler, recording into `requests` (bounded: the newest `recordLimit`, with counts). */
export function recording(handler: MockHandler, operations: readonly TableOperation[], requests: BoundedRecord<RecordedRequest>): MockHandler {
  return async (request) => {
    const url = new URL(request.url);
    let operation: string | undefined;
    try {
      const found = route(operations, request.method, url.pathname);
      if (found.kind === "operation") operation = found.operation.operationId;
    } catch {
      operation = undefined;
    }
    const response = await handler(request);
    requests.push(keptRequest({ method: request.method, path: `${url.pathname}${url.search}`, operation, violations: requestViolations(response.headers.get("sl-violations")), status: response.status }));
    return response;
  };
}

/** The handle every form returns: its URL and close, and the record it keeps (the emulator's own, or `recorded`). */
export function testHandle(
  front: { url: string; close: () => Promise<void> },
  emulator: TestHandle | undefined,
  recorded: BoundedRecord<RecordedRequest>,
): { url: string; close: () => Promise<void> } & TestHandle {
  return {
    url: front.url,
    close: front.close,
    get requests() {
      return emulator ? emulator.requests : recorded.entries();
    },
    get requestsRecorded() {
      return emulator ? emulator.requestsRecorded : recorded.counts();
    },
    reset() {
      if (emulator) emulator.reset();
      else recorded.clear();
    },
  };
}
