/**
 * Error types narrowed by the documents: `ApiError<"createKey", 404>` (re-exported per service
 * from its entry point) has the body schema that the document gives that operation's 404.
 */
import { ApiError } from "./errors.js";

type Responses<Ops, Op extends keyof Ops> = Ops[Op] extends { responses: infer R } ? R : never;
type IsError<S> = S extends number ? (`${S}` extends `1${string}` | `2${string}` | `3${string}` ? never : S) : never;

/** The documented error statuses of an operation (4xx and 5xx). */
export type ErrorStatus<Ops, Op extends keyof Ops> = IsError<keyof Responses<Ops, Op>>;

/** The body of one documented error response: the union of its media types' schemas. */
export type ErrorBody<Ops, Op extends keyof Ops, S> =
  S extends keyof Responses<Ops, Op> ? (Responses<Ops, Op>[S] extends { content: infer C } ? C[keyof C] : undefined) : unknown;

export type TypedApiError<Ops, Op extends keyof Ops, S extends ErrorStatus<Ops, Op>> = ApiError & {
  readonly operation: Op;
  readonly status: S;
  readonly body: ErrorBody<Ops, Op, S>;
};

/**
 * Narrows an unknown error to a documented failure: any ApiError, one operation's, or one
 * operation's at one status. The operation is the document's operationId.
 */
export function isApiErrorOf<Ops>() {
  return function isApiError<Op extends keyof Ops & string, S extends ErrorStatus<Ops, Op>>(
    error: unknown,
    operation?: Op,
    status?: S,
  ): error is TypedApiError<Ops, Op, S> {
    return error instanceof ApiError && (operation === undefined || error.operation === operation) && (status === undefined || error.status === status);
  };
}
