import { CloudInterfacesError } from "./base-error.js";
import { InputError, MaskedError } from "./masked-error.js";
import { maskSecrets, redact, secretsOf } from "./redact.js";

export { CloudInterfacesError, InputError };

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
 * A redirect the client will not follow for a per-call `redirect: "follow"`: to another origin
 * (credentials would go with it), without a usable Location, or past 20 hops. Neither URL is
 * in the message: either may carry a secret.
 */
export class RedirectError extends CloudInterfacesError {
  override readonly name = "RedirectError";
}
