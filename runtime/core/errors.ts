import { maskSecrets, redact, secretsOf } from "./redact.js";

/** Node's util.inspect hook, by its registered name so that browsers load nothing. */
const INSPECT = Symbol.for("nodejs.util.inspect.custom");
type Inspect = (value: unknown, options: unknown) => string;

/**
 * Redaction masks renderings, never data: an error's own fields (operation, status, field,
 * rule) stay exact so callers can test them, while everything that renders the error (message,
 * stack, JSON, util.inspect) shows the masked form.
 */
abstract class MaskedError extends Error {
  /** The secrets this error masks when rendered; not enumerable, so no rendering shows them. */
  declare protected readonly secrets: readonly string[];
  constructor(message: string, secrets: readonly string[]) {
    super(maskSecrets(message, secrets));
    Object.defineProperty(this, "secrets", { value: secrets, enumerable: false });
  }

  /** The fields as rendered: strings masked. */
  protected abstract rendered(): Record<string, unknown>;

  toJSON(): Record<string, unknown> {
    return { name: this.name, message: this.message, ...this.rendered() };
  }

  [INSPECT](_depth: number, options: unknown, inspect: Inspect): string {
    return `${this.stack ?? `${this.name}: ${this.message}`} ${inspect(this.rendered(), options)}`;
  }
}

/**
 * Bad input caught by the client before anything is sent: names the field and the rule it
 * breaks. Rules never quote the offending value; `secrets` masks any that a caller-built
 * field or rule might still carry, in every rendering.
 */
export class InputError extends MaskedError {
  override readonly name = "InputError";
  readonly field: string;
  readonly rule: string;
  constructor(field: string, rule: string, message?: string, secrets: readonly string[] = []) {
    super(message ?? `${field}: ${rule}`, secrets);
    this.field = field;
    this.rule = rule;
  }

  protected rendered(): Record<string, unknown> {
    return { field: maskSecrets(this.field, this.secrets), rule: maskSecrets(this.rule, this.secrets) };
  }
}

/**
 * A documented (or undocumented) failure answered by the service. `operation` and `status`
 * are exact. What the service sent (body, correlation id) is kept with secret-named fields and
 * every known secret token masked, so logging the body never leaks a credential. `secrets`
 * defaults to those of the client call that produced `body` (see rememberCall).
 */
export class ApiError extends MaskedError {
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
    super(`${operation} failed with status ${status}` + (correlationId ? ` (correlation id ${correlationId})` : ""), secrets);
    this.operation = operation;
    this.correlationId = correlationId === undefined ? undefined : maskSecrets(correlationId, secrets);
    this.body = redact(body, secrets);
  }

  protected rendered(): Record<string, unknown> {
    return { operation: maskSecrets(this.operation, this.secrets), status: this.status, correlationId: this.correlationId, body: this.body };
  }
}

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
