/**
 * The proxy's drift counts: how often each side broke each rule of each operation. Kept apart
 * from the violation record, which holds only the newest `recordLimit` violations (issue 43),
 * so the summary still counts every violation the proxy saw.
 */
import { clipText, MAX_PROBLEM_CHARS } from "../controls/bounded-record.js";

/**
 * The most distinct lines counted one by one. A problem may quote what was sent, so a client
 * sending a new value each time would make a new line each time; past this bound they are
 * counted together, and the tally stays small however long the proxy runs.
 */
export const MAX_TALLY_LINES = 1000;

export class DriftTally {
  /** Violations counted, all of them. */
  total = 0;
  #lines = new Map<string, number>();
  /** Problems counted past MAX_TALLY_LINES distinct lines. */
  #other = 0;

  add(side: "request" | "response", operation: string, problems: readonly string[]): void {
    this.total++;
    for (const problem of problems) {
      const line = `${side === "response" ? "server" : "client"} ${operation}: ${clipText(problem, MAX_PROBLEM_CHARS)}`;
      const count = this.#lines.get(line);
      if (count !== undefined) this.#lines.set(line, count + 1);
      else if (this.#lines.size < MAX_TALLY_LINES) this.#lines.set(line, 1);
      else this.#other++;
    }
  }

  /** `  N× side operation: problem`, most frequent first. */
  lines(): string[] {
    const lines = [...this.#lines].sort((a, b) => b[1] - a[1]).map(([k, n]) => `  ${n}× ${k}`);
    if (this.#other) lines.push(`  ${this.#other}× other problems (past ${MAX_TALLY_LINES} distinct lines)`);
    return lines;
  }
}
