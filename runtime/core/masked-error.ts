/**
 * The error base that masks secrets in every rendering, and InputError: what a client's creation
 * and checks throw, in its first load. The errors of a sent call (errors.ts) load with the request path.
 */
import { CloudInterfacesError } from "./base-error.js";
import { maskSecrets } from "./mask.js";

/** Node's util.inspect hook, by its registered name so that browsers load nothing. */
const INSPECT = Symbol.for("nodejs.util.inspect.custom");
type Inspect = (value: unknown, options: unknown) => string;

/**
 * Redaction masks renderings, never data: an error's own fields (operation, status, field,
 * rule) stay exact so callers can test them, while everything that renders the error (message,
 * stack, JSON, util.inspect) shows the masked form.
 */
export abstract class MaskedError extends CloudInterfacesError {
  /** The secrets this error masks when rendered; not enumerable, so no rendering shows them. */
  declare protected readonly secrets: readonly string[];
  constructor(message: string, secrets: readonly string[], cause?: unknown) {
    super(maskSecrets(message, secrets), cause === undefined ? undefined : { cause: maskedCause(cause, secrets) });
    Object.defineProperty(this, "secrets", { value: secrets, enumerable: false });
  }

  /** The fields as rendered: strings masked. */
  protected abstract rendered(): Record<string, unknown>;

  toJSON(): Record<string, unknown> {
    return { name: this.name, message: this.message, ...this.rendered(), ...(this.cause === undefined ? {} : { cause: causeSummary(this.cause) }) };
  }

  [INSPECT](_depth: number, options: unknown, inspect: Inspect): string {
    const cause = this.cause === undefined ? {} : { cause: causeSummary(this.cause) };
    return `${this.stack ?? `${this.name}: ${this.message}`} ${inspect({ ...this.rendered(), ...cause }, options)}`;
  }
}

/**
 * The cause as kept on the error: the original, unless its message or stack (or its own cause's)
 * holds a secret the call sent; then a copy with those masked, of the same name and code. A
 * transport's error names hosts and system codes, not headers, so the original is the rule.
 */
export function maskedCause(cause: unknown, secrets: readonly string[], depth = 0): unknown {
  if (!(cause instanceof Error)) return typeof cause === "string" ? maskSecrets(cause, secrets) : cause;
  const inner = depth < 4 && cause.cause !== undefined ? maskedCause(cause.cause, secrets, depth + 1) : cause.cause;
  const message = maskSecrets(cause.message, secrets);
  const stack = cause.stack === undefined ? undefined : maskSecrets(cause.stack, secrets);
  if (message === cause.message && stack === cause.stack && inner === cause.cause) return cause;
  const copy = new Error(message, inner === undefined ? undefined : { cause: inner });
  Object.defineProperties(copy, {
    name: { value: cause.name, writable: true, configurable: true },
    stack: { value: stack, writable: true, configurable: true },
    ...("code" in cause ? { code: { value: (cause as { code: unknown }).code, enumerable: true } } : {}),
  });
  return copy;
}

/** What JSON and util.inspect show of a cause: its name, message and system code, and its own cause the same way. */
export function causeSummary(cause: unknown, depth = 0): unknown {
  if (!(cause instanceof Error)) return typeof cause === "string" ? cause : String(cause);
  const code = (cause as { code?: unknown }).code;
  return {
    name: cause.name,
    message: cause.message,
    ...(typeof code === "string" || typeof code === "number" ? { code } : {}),
    ...(cause.cause !== undefined && depth < 4 ? { cause: causeSummary(cause.cause, depth + 1) } : {}),
  };
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

