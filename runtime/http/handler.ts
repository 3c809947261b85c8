import type { RecordCounts } from "../controls/bounded-record.js";

/**
 * The one signature every mock behaviour implements (the Prism-backed mock here, the stateful
 * emulator in runtime/emulator): a WHATWG request in, a response out. The HTTP edge
 * (runtime/http/front.ts) owns limits, logging, error shapes and crash-proofing, so any handler behind
 * it inherits them.
 */
export type MockHandler = (request: Request) => Promise<Response>;

/** One line of `--log` / `onRequest`: what was asked, what was answered, and why. */
export interface MockLogEntry {
  service: string;
  method: string;
  /** Path and query, with secret-looking query values replaced. */
  path: string;
  status: number;
  durationMs: number;
  /** Request and response violations the mock found (the `sl-violations` header). */
  violations: { location: string[]; severity: string; code: string | number; message: string }[];
  /** Set when the answer is the mock's own error (see runtime/mock/README.md), not a documented case. */
  mockError?: string;
  /** What the mock ignored: query parameters, form fields and JSON properties the operation does not declare (`X-Mock-Warning`). */
  warnings?: string[];
}

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

export type { RecordCounts };

/** Response header naming the mock's own error kind; absent on every documented answer. */
export const MOCK_ERROR_HEADER = "x-mock-error";
/** Response header naming what the request sent that the operation does not declare (runtime/http/undeclared.ts). */
export const MOCK_WARNING_HEADER = "x-mock-warning";
export { MOCK_CASE_HEADER } from "../controls/case-selection.js";
