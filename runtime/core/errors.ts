import { maskSecrets, redact, secretsOf } from "./redact.js";

/**
 * Bad input caught by the client before anything is sent: names the field and the rule it
 * breaks. Rules never quote the offending value; `secrets` masks any that a caller-built
 * field or rule might still carry.
 */
export class InputError extends Error {
  override readonly name = "InputError";
  readonly field: string;
  readonly rule: string;
  constructor(field: string, rule: string, message?: string, secrets: readonly string[] = []) {
    super(maskSecrets(message ?? `${field}: ${rule}`, secrets));
    this.field = maskSecrets(field, secrets);
    this.rule = maskSecrets(rule, secrets);
  }
}

/**
 * A documented (or undocumented) failure answered by the service. The body is kept for
 * callers with secret-bearing fields and every known secret masked, so logging or
 * serialising the error never leaks a credential. `secrets` defaults to those of the client
 * call that produced `body` (see rememberCall).
 */
export class ApiError extends Error {
  override readonly name = "ApiError";
  readonly operation: string;
  readonly body: unknown;
  readonly correlationId?: string;
  constructor(
    operation: string,
    readonly status: number,
    body: unknown,
    correlationId?: string,
    secrets: readonly string[] = secretsOf(body),
  ) {
    const op = maskSecrets(operation, secrets);
    const correlation = correlationId === undefined ? undefined : maskSecrets(correlationId, secrets);
    super(`${op} failed with status ${status}` + (correlation ? ` (correlation id ${correlation})` : ""));
    this.operation = op;
    this.correlationId = correlation;
    this.body = redact(body, secrets);
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
