/**
 * An answer against the document: the emulators' own checks (Contract.responseProblems), each
 * problem turned into a failure that names the JSON pointer of the rule it broke.
 */
import type { Contract, ResponseProblem } from "../emulator/contract.js";
import { MAX_FAILURES_PER_CHECK } from "./verdict.js";
import type { RequestValues } from "../core/required-when.js";
import type { TableOperation } from "../openapi/operation-table.js";
import { escapeSegment, resolve, resolvePointer, ruleLocation } from "./pointer.js";
import type { Failure } from "./report.js";
import type { Answer } from "./sender.js";


/** Above this size an answer that breaks the document has its first problem listed, not all of them (see firstErrorOnly in ajv-validators.ts). */
export const FULL_CHECK_BYTES = 1024 * 1024;

/**
 * The answer's failures, the first MAX_FAILURES_PER_CHECK with their pointers and then a count.
 * `quick` stops at the first problem: every answer is checked with it, and only a small answer
 * that breaks the document is checked again in full.
 */
export function answerFailures(contract: Contract, op: TableOperation, answer: Answer, quick: Contract = contract, request?: RequestValues): Failure[] {
  const reply = { status: answer.status, headers: answer.headers, body: answer.body };
  // An operation's spec carries its contract's validators: each contract checks with its own.
  const first = quick.responseProblems(op, reply, request);
  if (first.length === 0) return [];
  const large = answer.body.length > FULL_CHECK_BYTES;
  const problems = large || quick === contract ? first : contract.responseProblems(op, reply, request);
  const failures = problems.slice(0, MAX_FAILURES_PER_CHECK).map((p) => failureOf(contract, op, p));
  if (problems.length > MAX_FAILURES_PER_CHECK) failures.push({ message: `… and ${problems.length - MAX_FAILURES_PER_CHECK} more`, pointer: failures.at(-1)!.pointer });
  if (large) failures.push({ message: `… and possibly more: an answer over ${FULL_CHECK_BYTES / (1024 * 1024)} MiB that breaks the document has only its first problem listed`, pointer: failures.at(-1)!.pointer });
  return failures;
}

function failureOf(contract: Contract, op: TableOperation, p: ResponseProblem): Failure {
  const doc = contract.document;
  if (p.where === "status" || p.status === undefined) return { message: p.message, pointer: `${op.pointer}/responses` };
  const responsePtr = resolvePointer(doc, `${op.pointer}/responses/${escapeSegment(p.status)}`);
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

/**
 * A 401 whose response the document gives a `WWW-Authenticate` header (required or not): the
 * challenge must be there (RFC 9110 §11.6.1: a 401 always carries one) and name the scheme of one
 * of the operation's HTTP security schemes (`Bearer` for a bearer token, RFC 6750 §3; `Basic`,
 * RFC 7617). Other scheme kinds (API keys, OAuth) name no HTTP scheme, so only presence is checked.
 */
export function challengeFailures(doc: any, op: TableOperation, answer: Answer): Failure[] {
  if (answer.status !== 401 || answer.incomplete) return [];
  const raw = op.responses.find((r) => r.status === "401");
  if (!raw) return [];
  const responsePtr = resolvePointer(doc, `${op.pointer}/responses/401`);
  const declared = Object.keys(resolve(doc, responsePtr)?.headers ?? {}).find((h) => h.toLowerCase() === "www-authenticate");
  if (!declared) return [];
  const pointer = `${responsePtr}/headers/${escapeSegment(declared)}`;
  const value = answer.headers["www-authenticate"];
  if (value === undefined || value.trim() === "") return [{ message: "a 401 without WWW-Authenticate: the document declares the challenge, and RFC 9110 §11.6.1 requires one on every 401", pointer }];
  const schemes = (doc.components?.securitySchemes ?? {}) as Record<string, { type?: string; scheme?: string }>;
  const expected = [...new Set(op.security.flat().map((name) => schemes[name]).filter((s) => s?.type === "http" && typeof s.scheme === "string").map((s) => s!.scheme!.toLowerCase()))];
  if (expected.length === 0) return [];
  // Challenges are comma-separated, each starting with its auth-scheme token (RFC 9110 §11.6.1).
  const offered = [...value.matchAll(/(?:^|,)\s*([!#$%&'*+.^_`|~0-9A-Za-z-]+)(?=\s|,|$)/g)].map((m) => m[1]!.toLowerCase());
  if (offered.some((s) => expected.includes(s))) return [];
  return [{ message: `WWW-Authenticate ${JSON.stringify(value.slice(0, 80))} challenges no scheme the operation accepts (${expected.map((s) => s.charAt(0).toUpperCase() + s.slice(1)).join(" or ")})`, pointer }];
}
