import { splitPointer } from "../../../runtime/core/pointer.js";
import type { Assumption } from "../assumptions.js";

/**
 * Row ids of the assumptions page, derived from each note's JSON pointer (readable in a URL,
 * stable while the document keeps its shape). Both the page and the links into it use this.
 */
export function assumptionIds(serviceId: string, assumptions: readonly Assumption[]): string[] {
  const seen = new Map<string, number>();
  return assumptions.map((a) => {
    const slug = splitPointer(a.pointer)
      .join("/")
      .replace(/[^A-Za-z0-9]+/g, "-")
      .replace(/^-|-$/g, "");
    const base = `${serviceId}--${slug || "root"}`;
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    return n === 0 ? base : `${base}-${n + 1}`;
  });
}

/** Redoc's anchor for an operation; Redoc resolves `operation/<id>` to the operation's section. */
export const operationAnchor = (serviceId: string, operationId: string) => `${serviceId}.html#operation/${encodeURIComponent(operationId)}`;

/** The short form of a note for a link text: its lead ("Host ... chosen") before the reason. */
export function noteLead(note: string): string {
  const lead = note.split(/:\s/)[0]!;
  return lead.length <= 140 ? lead : `${lead.slice(0, 137).replace(/\s+\S*$/, "")}…`;
}
