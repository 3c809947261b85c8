import { ApiError } from "./errors.js";
import { callContextOf } from "./redact.js";

interface FetchResult<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** Returns the typed success body, or throws an ApiError carrying status, redacted body and correlation id. */
export function unwrap<T>(result: FetchResult<T>, operation?: string): T {
  const { response } = result;
  if (response.ok) return result.data as T;
  const context = callContextOf(response);
  throw new ApiError(
    operation ?? context?.operation ?? new URL(response.url || "http://invalid/").pathname,
    response.status,
    result.error,
    response.headers.get("correlation-id") ?? undefined,
    context?.secrets,
  );
}
