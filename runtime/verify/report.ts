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

export interface Check {
  kind: "documented" | "negative" | "flow";
  /** e.g. "example standardKey", "breaks body.resources maxItems", "create → list contains it". */
  name: string;
  passed: boolean;
  failures: Failure[];
  /** The request sent, secrets masked (the last one, for a flow step). */
  request?: ShownRequest;
  status?: number;
  /** Things worth knowing that are not failures (a redirect to another origin, not followed). */
  notes?: string[];
}

export interface OperationReport {
  operation: string;
  operationId: string;
  checks: Check[];
  /** Why the operation was not called (read-only run, not in --only, no example). */
  skipped?: string;
}

export interface VerifyReport {
  service: string;
  baseUrl: string;
  startedAt: string;
  durationMs: number;
  passed: boolean;
  summary: { checks: number; passed: number; failed: number; requests: number };
  coverage: {
    operations: { exercised: number; total: number };
    /** Documented (operation, status) pairs an answer was seen for. */
    responseCases: { exercised: number; total: number; missing: string[] };
  };
  /** What the run created and could not delete (the document has no delete operation for it). */
  leftBehind: { operation: string; id?: string }[];
  /** Set when the run stopped early (the overall deadline). */
  incomplete?: string;
  operations: OperationReport[];
}

const pct = (a: number, b: number) => (b === 0 ? "100" : ((100 * a) / b).toFixed(0));

export function renderText(report: VerifyReport): string {
  const lines: string[] = [`${report.service} at ${report.baseUrl}: ${report.passed ? "PASS" : "FAIL"}`];
  for (const op of report.operations) {
    if (op.skipped) {
      lines.push(`  - ${op.operationId} (${op.operation}): skipped, ${op.skipped}`);
      continue;
    }
    const failed = op.checks.filter((c) => !c.passed);
    lines.push(`  ${failed.length ? "✗" : "✓"} ${op.operationId} (${op.operation}): ${op.checks.length - failed.length}/${op.checks.length} checks passed`);
    for (const c of failed) {
      lines.push(`      ✗ ${c.kind}: ${c.name}${c.status !== undefined ? ` → ${c.status}` : ""}`);
      for (const f of c.failures) lines.push(`          ${f.message}  [${f.pointer}]`);
      if (c.request) lines.push(`          sent: ${c.request.method} ${c.request.url} ${JSON.stringify(c.request.headers)}${c.request.body !== undefined ? ` ${c.request.body.slice(0, 300)}` : ""}`);
    }
    for (const c of op.checks) for (const n of c.notes ?? []) lines.push(`      note: ${n}`);
  }
  const { operations, responseCases } = report.coverage;
  lines.push(
    `checks: ${report.summary.passed}/${report.summary.checks} passed, ${report.summary.failed} failed (${report.summary.requests} requests, ${(report.durationMs / 1000).toFixed(1)} s)`,
    `coverage: operations ${operations.exercised}/${operations.total} (${pct(operations.exercised, operations.total)} %), documented response cases ${responseCases.exercised}/${responseCases.total} (${pct(responseCases.exercised, responseCases.total)} %)`,
  );
  if (report.leftBehind.length) lines.push(`left behind (no delete operation): ${report.leftBehind.map((l) => `${l.operation}${l.id ? ` ${l.id}` : ""}`).join(", ")}`);
  if (report.incomplete) lines.push(`incomplete: ${report.incomplete}`);
  return `${lines.join("\n")}\n`;
}

export function renderJson(report: VerifyReport): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}

const xml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/[^\x09\x0a\x0d\x20-\ud7ff\ue000-\ufffd]/gu, "?");

/** One testsuite per operation, one testcase per check (the JUnit format CI servers read). */
export function renderJunit(report: VerifyReport): string {
  const out = [`<?xml version="1.0" encoding="UTF-8"?>`, `<testsuites name="${xml(`verify ${report.service}`)}" tests="${report.summary.checks}" failures="${report.summary.failed}" time="${(report.durationMs / 1000).toFixed(3)}">`];
  for (const op of report.operations) {
    const failed = op.checks.filter((c) => !c.passed).length;
    out.push(`  <testsuite name="${xml(`${report.service} ${op.operationId}`)}" tests="${op.checks.length}" failures="${failed}" skipped="${op.skipped ? 1 : 0}">`);
    if (op.skipped) out.push(`    <testcase classname="${xml(op.operationId)}" name="${xml(op.operation)}"><skipped message="${xml(op.skipped)}"/></testcase>`);
    for (const c of op.checks) {
      out.push(`    <testcase classname="${xml(op.operationId)}" name="${xml(`${c.kind}: ${c.name}`)}">`);
      if (!c.passed) {
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
