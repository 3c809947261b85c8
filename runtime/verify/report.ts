/** The verifier's report, and its three renderings: text for people, JSON for tools, JUnit XML for CI. */

export interface Failure {
  message: string;
  /** JSON pointer (into the bundled document) of the rule the answer broke. */
  pointer: string;
}

export interface ShownRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

/** verified: the answer showed the rule holds; failed: it showed it does not; not verified: the check could not be made (its reason says why). */
export type Verdict = "verified" | "failed" | "not verified";

export interface Check {
  kind: "documented" | "negative" | "flow" | "generated";
  /** e.g. "example standardKey", "breaks body.resources maxItems", "create → list contains it". */
  name: string;
  verdict: Verdict;
  /** What was wrong (failed), the first MAX_FAILURES_PER_CHECK in full and then a count. */
  failures: Failure[];
  /** Why the check is not verified: no or rejected credentials, a permission, a resource the example names. */
  reason?: string;
  /** The request sent, secrets masked (the last one, for a flow step). */
  request?: ShownRequest;
  status?: number;
  /** Things worth knowing that are not failures (a redirect to another origin, not followed). */
  notes?: string[];
  /** A failure the baseline lists (`--baseline`), until its expiry date: reported, not counted against the run. */
  known?: { expires: string; reason?: string };
}

export interface Counts {
  verified: number;
  /** Failed checks the baseline does not list. */
  failed: number;
  notVerified: number;
  /** Failed checks the baseline lists (not expired): they do not fail the run. */
  known: number;
}

export interface OperationReport {
  operation: string;
  operationId: string;
  checks: Check[];
  counts: Counts;
  /** Why the operation was left out by the user's choice (read-only run, not in --only). */
  skipped?: string;
}

export interface VerifyReport {
  service: string;
  baseUrl: string;
  startedAt: string;
  durationMs: number;
  /**
   * pass: something verified, nothing failed or not verified (or not verified allowed);
   * fail: a check failed; not verified: checks could not be made, or none was;
   * incomplete: the run stopped early (the deadline, rejected credentials).
   */
  verdict: "pass" | "fail" | "not verified" | "incomplete";
  /** verdict === "pass": exit code 0. */
  passed: boolean;
  /** The process exit code the verdict means (0 pass, 1 fail, 2 otherwise). */
  exitCode: 0 | 1 | 2;
  summary: Counts & { checks: number; skipped: number; requests: number };
  coverage: {
    operations: { exercised: number; total: number };
    /** Documented (operation, status) pairs an answer was seen for. */
    responseCases: { exercised: number; total: number; missing: string[] };
  };
  /** What the run created and could not delete (the document has no delete operation for it). */
  leftBehind: { operation: string; id?: string }[];
  /** Set when the run stopped early: why, and what was not run. */
  incomplete?: string;
  /** With `--baseline`: its size, the failures it covered, and its entries that matched no failure (fixed or renamed). */
  baseline?: { entries: number; known: number; unused: { operation: string; check: string; expires: string }[] };
  /** With `budget`: the generated inputs' seed, budget, requests sent, rules tried and the digest of what was sent. */
  generated?: { seed: number; budget: number; sent: number; rules: number; digest: string };
  /** The limits the run kept to. */
  limits: { deadlineMs: number; requestTimeoutMs: number; maxBodyBytes: number };
  operations: OperationReport[];
}

const pct = (a: number, b: number) => (b === 0 ? "100" : ((100 * a) / b).toFixed(0));

const VERDICT_LINE: Record<VerifyReport["verdict"], string> = { pass: "PASS", fail: "FAIL", "not verified": "NOT VERIFIED", incomplete: "INCOMPLETE" };

function countsText(c: Counts): string {
  return [`${c.verified} verified`, ...(c.failed ? [`${c.failed} failed`] : []), ...(c.known ? [`${c.known} known (baseline)`] : []), ...(c.notVerified ? [`${c.notVerified} not verified`] : [])].join(", ");
}

export function renderText(report: VerifyReport): string {
  const lines: string[] = [`${report.service} at ${report.baseUrl}: ${VERDICT_LINE[report.verdict]}`];
  for (const op of report.operations) {
    if (op.skipped) {
      lines.push(`  - ${op.operationId} (${op.operation}): skipped, ${op.skipped}`);
      continue;
    }
    const mark = op.counts.failed ? "✗" : op.counts.notVerified || op.counts.verified === 0 ? "?" : "✓";
    lines.push(`  ${mark} ${op.operationId} (${op.operation}): ${countsText(op.counts)}`);
    for (const c of op.checks.filter((x) => x.verdict === "failed")) {
      lines.push(`      ${c.known ? "~ known until " + c.known.expires + (c.known.reason ? ` (${c.known.reason})` : "") + ": " : "✗ "}${c.kind}: ${c.name}${c.status !== undefined ? ` → ${c.status}` : ""}`);
      for (const f of c.failures) lines.push(`          ${f.message}  [${f.pointer}]`);
      if (c.request) lines.push(`          sent: ${c.request.method} ${c.request.url} ${JSON.stringify(c.request.headers)}${c.request.body !== undefined ? ` ${c.request.body.slice(0, 300)}` : ""}`);
    }
    // The same reason for many checks (every check of an operation without credentials) is said once.
    const reasons = new Map<string, number>();
    for (const c of op.checks) if (c.verdict === "not verified") reasons.set(c.reason ?? "", (reasons.get(c.reason ?? "") ?? 0) + 1);
    for (const [reason, n] of reasons) lines.push(`      ? not verified${n > 1 ? ` (${n} checks)` : ""}: ${reason}`);
    for (const c of op.checks) for (const n of c.notes ?? []) lines.push(`      note: ${n}`);
  }
  const { operations, responseCases } = report.coverage;
  const { summary } = report;
  lines.push(
    `checks: ${countsText(summary)} of ${summary.checks}${summary.skipped ? `; ${summary.skipped} operation(s) skipped` : ""} (${summary.requests} requests, ${(report.durationMs / 1000).toFixed(1)} s)`,
    `coverage: operations ${operations.exercised}/${operations.total} (${pct(operations.exercised, operations.total)} %), documented response cases ${responseCases.exercised}/${responseCases.total} (${pct(responseCases.exercised, responseCases.total)} %)`,
  );
  if (report.generated) lines.push(`generated inputs: ${report.generated.sent} request(s) of a budget of ${report.generated.budget} over ${report.generated.rules} rule edge(s), seed ${report.generated.seed} (requests digest ${report.generated.digest})`);
  if (report.leftBehind.length) lines.push(`left behind (no delete operation): ${report.leftBehind.map((l) => `${l.operation}${l.id ? ` ${l.id}` : ""}`).join(", ")}`);
  if (report.baseline?.unused.length) lines.push(`baseline: ${report.baseline.unused.length} entr${report.baseline.unused.length === 1 ? "y matches" : "ies match"} no failure (fixed? delete them): ${report.baseline.unused.map((u) => `${u.operation}: ${u.check}`).join("; ")}`);
  if (report.incomplete) lines.push(`incomplete: ${report.incomplete}`);
  if (report.verdict === "not verified") lines.push(summary.verified === 0 ? "nothing was verified" : "not verified checks are not a pass (--allow-unverified accepts them)");
  return `${lines.join("\n")}\n`;
}

export function renderJson(report: VerifyReport): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}

const xml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/[^\x09\x0a\x0d\x20-\ud7ff\ue000-\ufffd]/gu, "?");

/** One testsuite per operation, one testcase per check (the JUnit format CI servers read). */
export function renderJunit(report: VerifyReport): string {
  // A check not verified is a JUnit error (could not be run as meant), not a skip: CI must not read it as green.
  const out = [`<?xml version="1.0" encoding="UTF-8"?>`, `<testsuites name="${xml(`verify ${report.service}`)}" tests="${report.summary.checks}" failures="${report.summary.failed}" errors="${report.summary.notVerified}" time="${(report.durationMs / 1000).toFixed(3)}">`];
  for (const op of report.operations) {
    out.push(`  <testsuite name="${xml(`${report.service} ${op.operationId}`)}" tests="${op.checks.length}" failures="${op.counts.failed}" errors="${op.counts.notVerified}" skipped="${op.skipped ? 1 : 0}">`);
    if (op.skipped) out.push(`    <testcase classname="${xml(op.operationId)}" name="${xml(op.operation)}"><skipped message="${xml(op.skipped)}"/></testcase>`);
    for (const c of op.checks) {
      out.push(`    <testcase classname="${xml(op.operationId)}" name="${xml(`${c.kind}: ${c.name}`)}">`);
      if (c.verdict === "not verified") out.push(`      <error message="${xml(`not verified: ${c.reason ?? ""}`)}"/>`);
      if (c.verdict === "failed" && c.known) out.push(`      <skipped message="${xml(`known failure until ${c.known.expires}${c.known.reason ? `: ${c.known.reason}` : ""}`)}"/>`);
      else if (c.verdict === "failed") {
        const detail = [...c.failures.map((f) => `${f.message} [${f.pointer}]`), ...(c.request ? [`sent: ${c.request.method} ${c.request.url}`] : [])].join("\n");
        out.push(`      <failure message="${xml(c.failures[0]?.message ?? "failed")}">${xml(detail)}</failure>`);
      }
      out.push(`    </testcase>`);
    }
    out.push(`  </testsuite>`);
  }
  out.push(`</testsuites>`);
  return `${out.join("\n")}\n`;
}

export function render(report: VerifyReport, format: "text" | "json" | "junit"): string {
  return format === "json" ? renderJson(report) : format === "junit" ? renderJunit(report) : renderText(report);
}
