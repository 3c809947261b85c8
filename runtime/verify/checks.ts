/**
 * An answer against the document: the emulators' own checks (Contract.responseProblems), each
 * problem turned into a failure that names the JSON pointer of the rule it broke.
 */
import type { Contract, OperationSpec } from "../emulator/contract.js";
import type { DocOperation } from "./operations.js";
import { escapeSegment, resolve, resolvePointer, ruleLocation } from "./pointer.js";
import type { Failure } from "./report.js";
import type { Answer } from "./sender.js";

export function specOf(contract: Contract, op: DocOperation): OperationSpec {
  return contract.operations.find((o) => o.method === op.method && o.template === op.path)!;
}

export function answerFailures(contract: Contract, op: DocOperation, answer: Answer): Failure[] {
  const doc = contract.document;
  const problems = contract.responseProblems(specOf(contract, op), { status: answer.status, headers: answer.headers, body: answer.body });
  return problems.map((p) => {
    if (p.where === "status" || p.status === undefined) return { message: p.message, pointer: `${op.ptr}/responses` };
    const responsePtr = resolvePointer(doc, `${op.ptr}/responses/${escapeSegment(p.status)}`);
    if (p.where === "header") {
      const headerPtr = resolvePointer(doc, `${responsePtr}/headers/${escapeSegment(p.header!)}`);
      const pointer = p.keyword === "required" ? `${headerPtr}/required` : ruleLocation(doc, `${headerPtr}/schema`, p.instancePath ?? "", p.keyword);
      return { message: p.message, pointer };
    }
    if (p.where === "mediaType" || p.mediaType === undefined) return { message: p.message, pointer: `${responsePtr}/content` };
    const key = Object.keys(resolve(doc, responsePtr).content ?? {}).find((k) => k.toLowerCase() === p.mediaType) ?? p.mediaType;
    const schemaPtr = `${responsePtr}/content/${escapeSegment(key)}/schema`;
    return { message: p.message, pointer: p.keyword ? ruleLocation(doc, schemaPtr, p.instancePath ?? "", p.keyword) : schemaPtr };
  });
}

/** A Location on another origin than the verified one: reported, never followed. */
export function foreignRedirect(answer: Answer, origin: string): string | undefined {
  const location = answer.headers["location"];
  if (answer.status < 300 || answer.status >= 400 || !location) return undefined;
  try {
    const target = new URL(location, origin);
    return target.origin === origin ? undefined : `redirect to another origin (${target.origin}) not followed`;
  } catch {
    return undefined;
  }
}

/** A documented error redirect: a 3xx whose Location carries an OAuth `error` (SSO logout's 303 `error=`). */
export function isErrorRedirect(answer: Answer): boolean {
  if (answer.status < 300 || answer.status >= 400) return false;
  try {
    return new URL(answer.headers["location"] ?? "", "http://x").searchParams.has("error");
  } catch {
    return false;
  }
}
