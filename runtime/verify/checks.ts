/**
 * An answer against the document: the emulators' own checks (Contract.responseProblems), each
 * problem turned into a failure that names the JSON pointer of the rule it broke.
 */
import type { Contract, OperationSpec, ResponseProblem } from "../emulator/contract.js";
import { MAX_FAILURES_PER_CHECK } from "./verdict.js";
import type { RequestValues } from "../core/required-when.js";
import type { DocOperation } from "./operations.js";
import { escapeSegment, resolve, resolvePointer, ruleLocation } from "./pointer.js";
import type { Failure } from "./report.js";
import type { Answer } from "./sender.js";

export function specOf(contract: Contract, op: DocOperation): OperationSpec {
  return contract.operations.find((o) => o.method === op.method && o.template === op.path)!;
}

/** Above this size an answer that breaks the document has its first problem listed, not all of them (see firstErrorOnly in ajv-validators.ts). */
export const FULL_CHECK_BYTES = 1024 * 1024;

/**
 * The answer's failures, the first MAX_FAILURES_PER_CHECK with their pointers and then a count.
 * `quick` stops at the first problem: every answer is checked with it, and only a small answer
 * that breaks the document is checked again in full.
 */
export function answerFailures(contract: Contract, op: DocOperation, answer: Answer, quick: Contract = contract, request?: RequestValues): Failure[] {
  const reply = { status: answer.status, headers: answer.headers, body: answer.body };
  // An operation's spec carries its contract's validators: each contract checks with its own.
  const first = quick.responseProblems(specOf(quick, op), reply, request);
  if (first.length === 0) return [];
  const large = answer.body.length > FULL_CHECK_BYTES;
  const problems = large || quick === contract ? first : contract.responseProblems(specOf(contract, op), reply, request);
  const failures = problems.slice(0, MAX_FAILURES_PER_CHECK).map((p) => failureOf(contract, op, p));
  if (problems.length > MAX_FAILURES_PER_CHECK) failures.push({ message: `… and ${problems.length - MAX_FAILURES_PER_CHECK} more`, pointer: failures.at(-1)!.pointer });
  if (large) failures.push({ message: `… and possibly more: an answer over ${FULL_CHECK_BYTES / (1024 * 1024)} MiB that breaks the document has only its first problem listed`, pointer: failures.at(-1)!.pointer });
  return failures;
}

function failureOf(contract: Contract, op: DocOperation, p: ResponseProblem): Failure {
  const doc = contract.document;
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
