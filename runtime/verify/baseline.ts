/**
 * Known failures (`--baseline <file>`, Schemathesis's model): a run fails only on failures the
 * baseline does not list. Each entry names the operation and the check (a `*` matches any run of
 * characters: the ids a run creates), and carries an expiry date: past it the failure counts
 * again, so a baseline is a dated promise to fix, not a silencer. `--write-baseline <file>`
 * records a run's failures as such a file, for adopting verify on a server that fails today.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { VerifyUsageError } from "./errors.js";
import type { OperationReport, VerifyReport } from "./report.js";

export interface BaselineEntry {
  /** The operationId. */
  operation: string;
  /** The check's name; `*` matches any characters. */
  check: string;
  /** YYYY-MM-DD: the last day the failure is known; after it the failure counts again. */
  expires: string;
  /** Why it is known (an issue, a ticket). */
  reason?: string;
}

export interface Baseline {
  failures: BaselineEntry[];
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The baseline a file (or an object) holds, each entry checked; a usage error names the entry. */
export function readBaseline(source: string | Baseline): Baseline {
  let value: unknown = source;
  if (typeof source === "string") {
    try {
      value = JSON.parse(readFileSync(source, "utf8"));
    } catch (error) {
      throw new VerifyUsageError(`--baseline ${source}: not a readable JSON file (${(error as Error).message})`);
    }
  }
  const where = typeof source === "string" ? `--baseline ${source}` : "baseline";
  const failures = (value as Baseline | undefined)?.failures;
  if (!Array.isArray(failures)) throw new VerifyUsageError(`${where}: must be an object with a "failures" list`);
  failures.forEach((e, i) => {
    if (!e || typeof e.operation !== "string" || typeof e.check !== "string") throw new VerifyUsageError(`${where}: failures[${i}] needs "operation" and "check"`);
    if (typeof e.expires !== "string" || !DATE.test(e.expires) || Number.isNaN(Date.parse(e.expires))) throw new VerifyUsageError(`${where}: failures[${i}] (${e.operation}: ${e.check}) needs "expires" as YYYY-MM-DD: a known failure is known until a date`);
  });
  return { failures };
}

const globOf = (pattern: string) => new RegExp(`^${pattern.split("*").map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join(".*")}$`);

/**
 * Marks each failed check the baseline lists (and has not expired on `today`) as known; an
 * expired entry leaves its failure counted, with a note. Returns the entries that matched no
 * failure (fixed, or renamed: worth deleting).
 */
export function applyBaseline(operations: Omit<OperationReport, "counts">[], baseline: Baseline, today: string): BaselineEntry[] {
  const used = new Set<BaselineEntry>();
  const entries = baseline.failures.map((e) => ({ e, op: e.operation, re: globOf(e.check) }));
  for (const op of operations) {
    for (const check of op.checks) {
      if (check.verdict !== "failed") continue;
      const hit = entries.find((x) => x.op === op.operationId && x.re.test(check.name));
      if (!hit) continue;
      used.add(hit.e);
      if (hit.e.expires >= today) check.known = { expires: hit.e.expires, ...(hit.e.reason ? { reason: hit.e.reason } : {}) };
      else check.notes = [...(check.notes ?? []), `the baseline's entry for this failure expired on ${hit.e.expires}`];
    }
  }
  return baseline.failures.filter((e) => !used.has(e));
}

/** A check name with what differs between runs (ids, the run's tags) made `*`. */
export function checkPattern(name: string): string {
  return name.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, "*").replace(/verify[a-z0-9]{6}/g, "verify*");
}

/** The run's failures (known ones included) as a baseline whose entries expire on `expires`. */
export function baselineOf(report: VerifyReport, expires: string, reason = "recorded by --write-baseline: fix it, or extend the date with a reason"): Baseline {
  const seen = new Set<string>();
  const failures: BaselineEntry[] = [];
  for (const op of report.operations) {
    for (const c of op.checks) {
      if (c.verdict !== "failed") continue;
      const check = checkPattern(c.name);
      const key = `${op.operationId}\n${check}`;
      if (seen.has(key)) continue;
      seen.add(key);
      failures.push({ operation: op.operationId, check, expires, reason: c.known?.reason ?? reason });
    }
  }
  return { failures };
}

export function writeBaseline(path: string, baseline: Baseline): void {
  writeFileSync(path, `${JSON.stringify(baseline, null, 2)}\n`);
}
