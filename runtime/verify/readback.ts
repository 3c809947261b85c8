/**
 * What a write left behind, read back: the fields a create, update or replace sent, compared
 * with what the server then shows for the object (its item operation, or the list when there is
 * none), and every list answer judged against what was asked (its filters, its limit, its
 * offset). The resource an operation acts on, and which of its fields the service sets or
 * derives itself, come from the operation table's `x-resource` (runtime/openapi/operation-table.ts).
 */
import type { TableOperation } from "../openapi/operation-table.js";
import { valueAt } from "./pointer.js";
import type { Failure } from "./report.js";

/** The resource's operations by action (`x-resource.action`), those the run may send. */
export function resourceOps(ops: readonly TableOperation[], name: string, runnable: (op: TableOperation) => boolean): Partial<Record<string, TableOperation>> {
  const out: Partial<Record<string, TableOperation>> = {};
  for (const op of ops) {
    const r = op.resource as { name?: string; action?: string } | undefined;
    if (r?.name === name && r.action && !out[r.action] && runnable(op)) out[r.action] = op;
  }
  return out;
}

export function resourceName(op: TableOperation): string | undefined {
  const r = op.resource as { name?: string } | undefined;
  return typeof r?.name === "string" ? r.name : undefined;
}

/** The record a write's body carries (`x-resource.body`, KMS `/resources/0`), or the body itself. */
export function sentRecord(op: TableOperation, body: unknown): unknown {
  const at = (op.resource as { body?: string } | undefined)?.body;
  return at ? valueAt(body, at) : body;
}

/** The record an answer carries (`x-resource.at`), or the body itself. */
export function answeredRecord(op: TableOperation, body: unknown): unknown {
  const at = (op.resource as { at?: string } | undefined)?.at;
  return at ? valueAt(body, at) : body;
}

/** Fields (pointers, `*` for any list item) the service sets or derives itself: what was sent there is not what is stored. */
export function ownFields(...ops: (TableOperation | undefined)[]): string[][] {
  const out: string[][] = [["id"]];
  for (const op of ops) {
    const r = (op?.resource ?? {}) as Record<string, unknown>;
    for (const key of ["set", "derive", "omit"]) {
      for (const field of Object.keys((r[key] as object | undefined) ?? {})) out.push(field.startsWith("/") ? field.slice(1).split("/") : [field]);
    }
  }
  return out;
}

const skipped = (path: string[], own: string[][]) => own.some((p) => p.length === path.length && p.every((seg, i) => seg === "*" || seg === path[i]));

function sameScalar(sent: unknown, stored: unknown): boolean {
  if (sent === stored) return true;
  // A time may come back in another spelling of the same instant (Z for +00:00, added milliseconds).
  if (typeof sent === "string" && typeof stored === "string" && /^\d{4}-\d\d-\d\dT/.test(sent)) {
    const a = Date.parse(sent);
    return !Number.isNaN(a) && a === Date.parse(stored);
  }
  return false;
}

/**
 * Where the stored record differs from what was sent: each field the request gave (at any
 * depth) must come back equal, except the fields the service sets, derives or leaves out of
 * answers (`omit`). A different value or a list of another length is a difference; so is a field
 * the answer does not carry, when it shows the `whole` object (an item GET: a list may show a summary).
 */
export function storedDifferences(sent: unknown, stored: unknown, own: string[][], whole = true, path: string[] = []): string[] {
  if (skipped(path, own)) return [];
  const where = `/${path.join("/")}`;
  if (Array.isArray(sent)) {
    if (!Array.isArray(stored)) return [`${where}: sent a list, stored ${JSON.stringify(stored)}`];
    if (stored.length !== sent.length) return [`${where}: sent ${sent.length} items, stored ${stored.length}`];
    return sent.flatMap((item, i) => storedDifferences(item, stored[i], own, whole, [...path, String(i)]));
  }
  if (sent && typeof sent === "object") {
    if (!stored || typeof stored !== "object") return [`${where}: sent an object, stored ${JSON.stringify(stored)}`];
    return Object.entries(sent as Record<string, unknown>).flatMap(([k, v]) => {
      if (v === undefined || skipped([...path, k], own)) return [];
      if (!(k in (stored as object))) return whole ? [`${where === "/" ? "" : where}/${k}: sent ${JSON.stringify(v)}, not stored`] : [];
      return storedDifferences(v, (stored as Record<string, unknown>)[k], own, whole, [...path, k]);
    });
  }
  return sameScalar(sent, stored) ? [] : [`${where}: sent ${JSON.stringify(sent)}, stored ${JSON.stringify(stored)}`];
}

/** Failures from differences, each naming the operation whose answer showed them. */
export function differenceFailures(differences: string[], what: string, pointer: string): Failure[] {
  return differences.slice(0, 5).map((d) => ({ message: `${what}: ${d}`, pointer }));
}

/** An item's value for a field, spelled as a query or header carries it. */
export const asText = (value: unknown): string | undefined => (value === undefined || value === null || typeof value === "object" ? undefined : String(value));
