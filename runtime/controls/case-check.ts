/**
 * The check of a case selection against the operation's documented cases, the same on every
 * form (the Prism mock, the emulators): a selection the operation cannot answer is refused with
 * the mock's `unknown-case` error and never reaches a handler, so it cannot write (issue 43).
 * Apart from case-selection.ts, which the Try it panel loads without the operation table.
 */
import { availableCases, responseOf, statusesOwning } from "../openapi/operations.js";
import type { TableOperation } from "../openapi/operation-table.js";
import { shown } from "../openapi/violations.js";
import type { CaseSelection } from "./case-selection.js";

/** Statuses for a mock's own refusal of a case selection: the first one the operation does not document, so it cannot pass for a documented case. */
export const CASE_ERROR_STATUSES = [422, 400, 409, 412, 417];

/** A case selection the operation cannot answer: the mock's `unknown-case` refusal (runtime/mock/README.md). */
export interface CaseRefusal {
  status: number;
  kind: "unknown-case";
  message: string;
}

/**
 * The documented case a selection names (`example=` alone takes the one status that documents
 * it), or the refusal every form gives (the Prism mock and the emulators alike): a status the
 * operation does not document (an `X-Mock-Fault: 418`, `abc`), an example it does not have under
 * that status, or one documented under two statuses without `code=`.
 */
export function checkCase(operation: TableOperation, selection: CaseSelection): { status?: string; example?: string } | { refusal: CaseRefusal } {
  const refuse = (message: string) => {
    const status = CASE_ERROR_STATUSES.find((s) => !responseOf(operation, String(s))) ?? 400;
    return { refusal: { status, kind: "unknown-case" as const, message: `${message}; ${operation.key} documents: ${availableCases(operation)}` } };
  };
  let status = selection.code;
  const example = selection.example;
  if (status !== undefined && !responseOf(operation, status)) return refuse(`Mock case: status ${shown(status)} is not documented`);
  if (example !== undefined) {
    const owners = statusesOwning(operation, example);
    if (status === undefined) {
      if (owners.length === 0) return refuse(`Mock case: no example named ${shown(example)}`);
      if (owners.length > 1) return refuse(`Mock case: example ${shown(example)} is documented under ${owners.join(" and ")}; add code=`);
      status = owners[0];
    } else if (!owners.includes(status)) {
      return refuse(`Mock case: status ${status} has no example named ${shown(example)}`);
    }
  }
  return { ...(status !== undefined ? { status } : {}), ...(example !== undefined ? { example } : {}) };
}
