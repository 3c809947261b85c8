// ApiError narrowing from the documents: each @ts-expect-error line must stay an error (tsc checks this file).
import type { ApiError as KmsError } from "cloud-interfaces/kms-v2";
import { isApiError } from "cloud-interfaces/kms-v2";
import type { ApiError as WidgetError } from "cloud-interfaces/widget";

export function reasonOf(error: KmsError<"createKey", 404>): string | undefined {
  // The 404 body is the KMS error collection: no cast needed to read the reason code.
  return error.body.resources[0]?.reasons?.[0]?.code;
}

export function narrow(error: unknown): string {
  if (isApiError(error, "createKey", 409)) return error.body.resources.map((r) => r.errorMsg).join();
  if (isApiError(error, "listKeys")) return String(error.status);
  return "";
}

export function widgetMessage(error: WidgetError<"createWidgetUrl">): unknown {
  return error.body;
}

// @ts-expect-error: 418 is not a documented status of createKey
export type NotDocumented = KmsError<"createKey", 418>;
// @ts-expect-error: a typo in the operationId does not compile
export type Typo = KmsError<"createKye", 404>;
// @ts-expect-error: 201 is a success, not an error status
export type Success = KmsError<"createKey", 201>;

export function wrongField(error: KmsError<"createKey", 404>): unknown {
  // @ts-expect-error: the error collection has no `message` field
  return error.body.message;
}

export function wrongGuard(error: unknown): void {
  // @ts-expect-error: isApiError takes only documented operations
  isApiError(error, "deleteEverything");
}
