import { redact } from "./redact.js";

/** Bad input caught by the client before anything is sent: names the field and the rule it breaks. */
export class InputError extends Error {
  override readonly name = "InputError";
  constructor(
    readonly field: string,
    readonly rule: string,
    message?: string,
  ) {
    super(message ?? `${field}: ${rule}`);
  }
}

/**
 * A documented (or undocumented) failure answered by the service. The body is kept for
 * callers, with secret-bearing fields redacted, so logging the error never leaks a token.
 */
export class ApiError extends Error {
  override readonly name = "ApiError";
  readonly body: unknown;
  constructor(
    readonly operation: string,
    readonly status: number,
    body: unknown,
    readonly correlationId?: string,
  ) {
    super(
      `${operation} failed with status ${status}` + (correlationId ? ` (correlation id ${correlationId})` : ""),
    );
    this.body = redact(body);
  }

  toJSON(): Record<string, unknown> {
    return {
      name: this.name,
      message: this.message,
      operation: this.operation,
      status: this.status,
      correlationId: this.correlationId,
      body: this.body,
    };
  }
}
