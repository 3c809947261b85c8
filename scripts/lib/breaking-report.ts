/**
 * The gate over the whole registry: services matched by id between base and head
 * services.json (a removed service is an error; a renamed document is compared with its old
 * self), the report printed with errors and warnings apart, and a keep-a-changelog section.
 */
import { diffDocuments, type Change } from "./breaking.js";
import type { OpenApiDocument } from "./bundle.js";
import type { Service } from "./services.js";

export interface ServiceVersion {
  service: Service;
  /** Undefined when the document could not be read at that version. */
  doc: OpenApiDocument;
}

export interface ServiceReport {
  id: string;
  changes: Change[];
}

export function diffServices(base: ServiceVersion[], head: ServiceVersion[]): ServiceReport[] {
  const reports: ServiceReport[] = [];
  for (const before of base) {
    const after = head.find((h) => h.service.id === before.service.id);
    if (!after) {
      reports.push({
        id: before.service.id,
        changes: [{ rule: "service-removed", level: "error", where: "openapi/services.json", change: `service removed (was openapi/${before.service.document})` }],
      });
      continue;
    }
    const changes: Change[] = [];
    if (after.service.document !== before.service.document) {
      changes.push({
        rule: "service-document-renamed",
        level: "info",
        where: "openapi/services.json",
        change: `document renamed: openapi/${before.service.document} → openapi/${after.service.document}`,
      });
    }
    reports.push({ id: before.service.id, changes: [...changes, ...diffDocuments(before.doc, after.doc)] });
  }
  for (const after of head) {
    if (!base.some((b) => b.service.id === after.service.id)) {
      reports.push({ id: after.service.id, changes: [{ rule: "service-added", level: "info", where: "openapi/services.json", change: `service added (openapi/${after.service.document})` }] });
    }
  }
  return reports;
}

export const errorsOf = (reports: ServiceReport[]) => reports.flatMap((r) => r.changes.filter((c) => c.level === "error"));

/** One block per service: errors, then warnings, each line with its rule; additions are counted. */
export function formatReport(reports: ServiceReport[]): string {
  const lines: string[] = [];
  for (const { id, changes } of reports) {
    const errors = changes.filter((c) => c.level === "error");
    const warnings = changes.filter((c) => c.level === "warning");
    const infos = changes.filter((c) => c.level === "info");
    lines.push(`${id}: ${errors.length} breaking, ${warnings.length} warning(s), ${infos.length} other change(s)`);
    for (const c of errors) lines.push(`  error   ${c.where}: ${c.change} [${c.rule}]`);
    for (const c of warnings) lines.push(`  warning ${c.where}: ${c.change} [${c.rule}]`);
  }
  const errors = errorsOf(reports).length;
  const warnings = reports.flatMap((r) => r.changes.filter((c) => c.level === "warning")).length;
  lines.push(`breaking: ${errors} error(s), ${warnings} warning(s)${errors > 0 ? " — FAILED" : ""}`);
  return lines.join("\n");
}

type Section = "Added" | "Changed" | "Removed";

/** How the gate marks a change in the changelog it writes: the site's changelog page reads the same marks. */
export const BREAKING_MARK = "**(breaking)**";
export const MAY_BREAK_MARK = "*(may break consumers)*";

export function changelogSection(change: Change): Section {
  if (change.level === "info" && change.rule.endsWith("-added")) return "Added";
  if (change.rule.includes("removed")) return "Removed";
  return "Changed";
}

/** A keep-a-changelog section (https://keepachangelog.com/en/1.1.0/) for CHANGELOG.md. */
export function formatChangelog(reports: ServiceReport[], heading = "Unreleased"): string {
  const sections: Record<Section, string[]> = { Changed: [], Removed: [], Added: [] };
  for (const { id, changes } of reports) {
    for (const c of changes) {
      const mark = c.level === "error" ? ` ${BREAKING_MARK}` : c.level === "warning" ? ` ${MAY_BREAK_MARK}` : "";
      sections[changelogSection(c)].push(`- ${id}: \`${c.where}\`: ${c.change}${mark}`);
    }
  }
  const out = [`## [${heading}]`];
  for (const name of ["Changed", "Removed", "Added"] as const) {
    if (sections[name].length > 0) out.push("", `### ${name}`, ...sections[name]);
  }
  if (out.length === 1) out.push("", "No interface changes.");
  return out.join("\n");
}
