import type { RecordCounts } from "../controls/bounded-record.js";
import type { RecordedRequest, TestHandle } from "../controls/recorder.js";

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

export type { RecordCounts, RecordedRequest, TestHandle };


/** Response header naming the mock's own error kind; absent on every documented answer. */
export const MOCK_ERROR_HEADER = "x-mock-error";
/** Response header naming what the request sent that the operation does not declare (runtime/http/undeclared.ts). */
export const MOCK_WARNING_HEADER = "x-mock-warning";
export { MOCK_CASE_HEADER } from "../controls/case-selection.js";
