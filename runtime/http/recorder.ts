/**
 * The test handle's record for a WHATWG handler (the Prism mock, a bare handler given to
 * serveHandler): every request that reached the handler, with its operation, the request's
 * violations (Prism's `sl-violations`, request side) and the status answered. The emulators
 * record the same fields themselves (runtime/emulator/app.ts), so `requests` reads alike on
 * every form.
 */
import type { MockHandler, RecordedRequest, TestHandle } from "./handler.js";
import { route, type OperationInfo } from "./operations.js";

function requestViolations(header: string | null): string[] {
  if (!header) return [];
  try {
    const parsed = JSON.parse(header) as { location?: string[]; message?: string }[];
    return Array.isArray(parsed) ? parsed.filter((v) => v.location?.[0] !== "response").map((v) => `${(v.location ?? []).join(".")}: ${v.message}`) : [];
  } catch {
    return [];
  }
}

/** The handler, recording into `requests`. */
export function recording(handler: MockHandler, operations: OperationInfo[], requests: RecordedRequest[]): MockHandler {
  return async (request) => {
    const url = new URL(request.url);
    let operation: string | undefined;
    try {
      const found = route(operations, request.method, url.pathname);
      if (found.kind === "operation") operation = found.operation.raw?.operationId ?? found.operation.key;
    } catch {
      operation = undefined;
    }
    const response = await handler(request);
    requests.push({ method: request.method, path: `${url.pathname}${url.search}`, operation, violations: requestViolations(response.headers.get("sl-violations")), status: response.status });
    return response;
  };
}

/** The handle every form returns: its URL and close, and the record it keeps (the emulator's own, or `recorded`). */
export function testHandle(
  front: { url: string; close: () => Promise<void> },
  emulator: TestHandle | undefined,
  recorded: RecordedRequest[],
): { url: string; close: () => Promise<void> } & TestHandle {
  return {
    url: front.url,
    close: front.close,
    get requests() {
      return emulator ? emulator.requests : recorded;
    },
    reset() {
      if (emulator) emulator.reset();
      else recorded.length = 0;
    },
  };
}
