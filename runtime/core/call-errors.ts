/**
 * The errors a call's own path makes (its deadline, its connection, its answer's size and
 * parse): imported by the request path (calls.ts) without ApiError and the redaction walker it
 * needs (errors.ts), which load with unwrap or a family runtime when an answer becomes an error.
 */
import { CloudInterfacesError } from "./base-error.js";
import { MaskedError } from "./masked-error.js";
import { maskSecrets } from "./mask.js";

/**
 * An answer larger than the client's `maxResponseBytes`: refused as soon as that is known (its
 * Content-Length, or the byte past the limit), and the rest is not read.
 */
export class ResponseTooLargeError extends MaskedError {
  override readonly name = "ResponseTooLargeError";
  readonly operation: string;
  readonly maxBytes: number;
  constructor(operation: string, maxBytes: number) {
    super(`${operation}: the answer is larger than maxResponseBytes (${maxBytes} bytes); it was not read further`, []);
    this.operation = operation;
    this.maxBytes = maxBytes;
  }

  protected rendered(): Record<string, unknown> {
    return { operation: this.operation, maxBytes: this.maxBytes };
  }
}

/**
 * A success answer whose body does not parse as the operation's media type (an HTML page where
 * JSON is documented, a proxy's login form). Names the operation, the status and the media type
 * the answer declared (its essence, "(none)" if absent); never the body, which may echo a secret.
 */
export class ResponseParseError extends CloudInterfacesError {
  override readonly name = "ResponseParseError";
  constructor(
    readonly operation: string,
    readonly status: number,
    readonly mediaType: string,
  ) {
    super(`${operation}: the ${status} answer (${mediaType}) is not valid JSON`);
  }
}

/**
 * A call that got no complete answer within its `timeoutMs`: the token provider, the attempts,
 * the waits between them or the body. `cause` is the standard `TimeoutError` DOMException that
 * `AbortSignal.timeout` would give; `name` is the same, so code that checked the name still holds.
 */
export class TimeoutError extends MaskedError {
  override readonly name = "TimeoutError";
  readonly operation: string;
  readonly timeoutMs: number;
  constructor(operation: string, timeoutMs: number) {
    const message = `${operation}: no complete answer within timeoutMs (${timeoutMs} ms)`;
    super(message, [], new DOMException(`The operation timed out after ${timeoutMs} ms`, "TimeoutError"));
    this.operation = operation;
    this.timeoutMs = timeoutMs;
  }

  protected rendered(): Record<string, unknown> {
    return { operation: this.operation, timeoutMs: this.timeoutMs };
  }
}

/**
 * The transport failed before an answer came: the connection was refused or reset, the name did
 * not resolve, TLS failed, or a `fetch` of your own threw. `cause` is what the transport threw
 * (undici's `TypeError: fetch failed`, whose own cause holds the system code such as
 * ECONNREFUSED), with any secret of the call masked.
 */
export class ConnectionError extends MaskedError {
  override readonly name = "ConnectionError";
  readonly operation: string;
  constructor(operation: string, cause: unknown, secrets: readonly string[] = []) {
    const detail = causeDetail(cause);
    super(`${operation}: no answer: ${cause instanceof Error ? cause.message : String(cause)}${detail ? ` (${detail})` : ""}`, secrets, cause);
    this.operation = maskSecrets(operation, secrets);
  }

  protected rendered(): Record<string, unknown> {
    return { operation: this.operation };
  }
}

/**
 * What undici's bare "fetch failed" leaves out: the system code of its cause (ECONNREFUSED,
 * ENOTFOUND, …), or else the innermost cause's message ("unexpected redirect").
 */
function causeDetail(error: unknown): string | undefined {
  let innermost: Error | undefined;
  for (let e = error, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^E[A-Z0-9_]+$/.test(code)) return code;
    innermost = e;
  }
  return innermost && innermost !== error ? innermost.message : undefined;
}
