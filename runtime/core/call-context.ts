// What a call remembers beside a response or an error body, apart from the redaction walker
// (redact.ts): the request path (calls.ts) writes it on every failed answer without loading the walker.

/**
 * What a client call knew when it produced a response or an error body: the secrets it sent
 * and the operation. Kept beside the object (never on it) so that an ApiError built later from
 * that object, by `unwrap` or by a family runtime, can mask the secrets by value.
 */
export interface CallContext {
  readonly operation: string;
  readonly secrets: readonly string[];
}

const contexts = new WeakMap<object, CallContext>();

export function rememberCall(target: unknown, context: CallContext): void {
  if (typeof target === "object" && target !== null) contexts.set(target, context);
}

export function callContextOf(target: unknown): CallContext | undefined {
  // WeakMap.get answers undefined for a primitive.
  return contexts.get(target as object);
}

export function secretsOf(target: unknown): readonly string[] {
  return callContextOf(target)?.secrets ?? [];
}
