import type { Finding } from "./lint.js";

export function formatFindings(findings: Finding[]): string {
  return findings.map((f) => `  ${f.severity.padEnd(5)} ${f.tool}/${f.rule}: ${f.message}\n        at ${f.where}`).join("\n");
}
