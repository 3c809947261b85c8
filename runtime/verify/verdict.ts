/**
 * What an answer means for a check. A documented valid request refused is a failure; an answer
 * that says the check could not be made (no credentials, rejected credentials, a permission, a
 * resource the example names and the server does not have) is "not verified", never a pass;
 * a run's verdict is a pass only when something was verified and nothing failed or went unverified.
 */
import type { TableOperation } from "../openapi/operation-table.js";
import type { Check, Counts, Failure, OperationReport, Verdict } from "./report.js";
import type { Answer } from "./sender.js";

/** A documented error redirect: a 3xx whose Location carries an OAuth `error` (SSO logout's 303 `error=`). */
export function isErrorRedirect(answer: Answer): boolean {
  if (answer.status < 300 || answer.status >= 400) return false;
  try {
    return new URL(answer.headers["location"] ?? "", "http://x").searchParams.has("error");
  } catch {
    return false;
  }
}

/** The most failures a check keeps in full; the rest are counted. */
export const MAX_FAILURES_PER_CHECK = 10;

export interface Outcome {
  verdict: Verdict;
  failures: Failure[];
  /** Why a check is not verified. */
  reason?: string;
}

/** Which security schemes the run has secrets for, and where the user gave them. */
export interface Access {
  /** Why the operation's security cannot be met (no secret for any alternative), or undefined when it can or it is open. */
  missing(op: TableOperation): string | undefined;
}

export function accessOf(secrets: Record<string, string>, variables: Record<string, string>): Access {
  return {
    missing(op) {
      if (op.security.length === 0 || op.security.some((set) => set.every((name) => secrets[name] !== undefined))) return undefined;
      const wanted = op.security[0]!.filter((name) => secrets[name] === undefined);
      return `no credentials for ${wanted.join(" + ")}: give them with ${wanted.map((n) => `--credentials-env ${n}=${variables[n] ?? "<VARIABLE>"}`).join(" ")}`;
    },
  };
}

const ok = (status: number) => status >= 200 && status < 300;
const redirect = (answer: Answer) => answer.status >= 300 && answer.status < 400 && !isErrorRedirect(answer);

/** A check whose answer could not be read whole (a timeout, the byte limit) failed, whatever its kind. */
function incomplete(op: TableOperation, answer: Answer): Outcome | undefined {
  if (answer.incomplete === undefined) return undefined;
  return { verdict: "failed", failures: [{ message: answer.incomplete, pointer: `${op.pointer}/responses` }] };
}

/** Parameters a user can bind to name a resource the server has: the operation's path and header parameters. */
function bindHint(op: TableOperation): string {
  const names = op.parameters.filter((p) => p.in === "path" || (p.in === "header" && p.required)).map((p) => `--bind ${p.name}=<one this server has>`);
  return names.length ? `; give one with ${names.join(" or ")}` : "";
}

/**
 * The answer to a documented valid request (an example, a flow step). `label` names the request
 * in messages ("example standardKey"); `expected` are failures the flow itself found.
 */
export function judgeValid(op: TableOperation, answer: Answer, failures: Failure[], access: Access, label: string, expected: Failure[] = []): Outcome {
  const cut = incomplete(op, answer);
  if (cut) return cut;
  const all = [...expected, ...failures];
  if (all.length) return { verdict: "failed", failures: all };
  const missing = access.missing(op);
  const { status } = answer;
  // The document says this request, as written, gets this answer instead of a success (x-example-answer).
  const documented = op.exampleAnswer;
  if (documented?.status === status && !missing) return { verdict: "verified", failures: [] };
  if (ok(status) || redirect(answer)) return missing ? { verdict: "not verified", failures: [], reason: `answered ${status} although ${missing}` } : { verdict: "verified", failures: [] };
  if (status === 401) return { verdict: "not verified", failures: [], reason: missing ? `401: ${missing}` : "401: the credentials given were rejected" };
  if (status === 403) return { verdict: "not verified", failures: [], reason: `403: the credentials lack a permission ${label} needs` };
  if (status === 404) return { verdict: "not verified", failures: [], reason: `404: a resource ${label} names is not on this server${bindHint(op)}` };
  return { verdict: "failed", failures: [{ message: `valid request refused: ${label} was answered ${status}`, pointer: `${op.pointer}/responses` }] };
}

/**
 * The answer to a request breaking exactly one rule: a documented error verifies the rule, unless
 * it is the 401/403 of a security check made before the rule was reached.
 */
export function judgeNegative(op: TableOperation, answer: Answer, failures: Failure[], access: Access, breaks: { constraint: string; rule: string; security: boolean; expect?: readonly number[] }): Outcome {
  const cut = incomplete(op, answer);
  if (cut) return cut;
  const rejected = (answer.status >= 400 && answer.status < 500) || isErrorRedirect(answer);
  const all = rejected ? failures : [{ message: `a request breaking ${breaks.constraint} was answered ${answer.status}, not a documented error`, pointer: breaks.rule }, ...failures];
  if (all.length) return { verdict: "failed", failures: all };
  if (!breaks.security && (answer.status === 401 || answer.status === 403)) {
    const missing = access.missing(op);
    return { verdict: "not verified", failures: [], reason: `${answer.status} before the rule was checked: ${missing ?? (answer.status === 401 ? "the credentials given were rejected" : "the credentials lack a permission")}` };
  }
  // Only the status the document gives this rule proves it: an unrelated 404 or 409 (a name taken, a reference gone) does not.
  const expect = breaks.expect ?? [];
  if (expect.length && !isErrorRedirect(answer) && !expect.includes(answer.status)) {
    return { verdict: "failed", failures: [{ message: `a request breaking ${breaks.constraint} was answered ${answer.status}, not ${expect.join(" or ")} as the document gives for this rule: the refusal has another cause, so the rule is not shown to hold`, pointer: breaks.rule }] };
  }
  return { verdict: "verified", failures: [] };
}

/**
 * The statuses that prove a broken rule of each kind, of those the operation documents: 400 (or
 * 422) for a validation rule, 415 (or 400) for a media type, 401 for security. Empty when the
 * operation documents none of them (any 4xx then counts).
 */
export function expectedStatuses(op: TableOperation, kind: "invalid" | "unauthorized" | "media-type"): number[] {
  const documented = op.responses.map((r) => r.status).map(Number);
  const wanted = kind === "invalid" ? [400, 422] : kind === "media-type" ? [415, 400, 422] : [401];
  return wanted.filter((s) => documented.includes(s));
}

/** A check from an outcome, its failures capped so a report stays small whatever the server sends. */
export function checkOf(base: Omit<Check, "verdict" | "failures">, outcome: Outcome): Check {
  const { failures } = outcome;
  // An answer's own failures arrive capped already (checks.ts answerFailures: at most two lines of counts after them).
  const kept = failures.length <= MAX_FAILURES_PER_CHECK + 2 ? failures : [...failures.slice(0, MAX_FAILURES_PER_CHECK), { message: `… and ${failures.length - MAX_FAILURES_PER_CHECK} more`, pointer: failures[MAX_FAILURES_PER_CHECK]!.pointer }];
  return { ...base, verdict: outcome.verdict, failures: kept, ...(outcome.reason ? { reason: outcome.reason } : {}) };
}

export function countChecks(checks: readonly Check[]): Counts {
  const counts: Counts = { verified: 0, failed: 0, notVerified: 0, known: 0 };
  for (const c of checks) {
    if (c.verdict === "verified") counts.verified++;
    else if (c.verdict === "failed" && c.known) counts.known++;
    else if (c.verdict === "failed") counts.failed++;
    else counts.notVerified++;
  }
  return counts;
}

export type RunVerdict = "pass" | "fail" | "not verified" | "incomplete";

/**
 * The run's verdict: a failed check is the strongest finding; then a run that stopped early; then
 * checks that could not be made (unless the user accepts them), or nothing verified at all.
 */
export function runVerdict(operations: readonly OperationReport[], stopped: boolean, allowUnverified: boolean): RunVerdict {
  const counts = countChecks(operations.flatMap((o) => o.checks));
  if (counts.failed) return "fail";
  if (stopped) return "incomplete";
  if (counts.verified === 0 || (counts.notVerified > 0 && !allowUnverified)) return "not verified";
  return "pass";
}

/** Exit codes: 0 pass, 1 a check failed, 2 incomplete or not verified (as usage and connection errors). */
export const EXIT_CODES: Record<RunVerdict, 0 | 1 | 2> = { pass: 0, fail: 1, "not verified": 2, incomplete: 2 };
