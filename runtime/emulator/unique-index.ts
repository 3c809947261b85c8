/**
 * The index behind `unique` of `x-resource`: per partition, resource and field, each value (each
 * item of a list field, such as KMS aliases) to the id of the record holding it, so a create asks
 * "is it taken" without scanning every record. Built on first use from the records present; a
 * hit is checked against the record, so an entry a plug-in outdated is never a false conflict.
 */
type Rec = Record<string, any>;

interface Holder {
  records: Map<string, Map<string, Rec>>;
  unique?: Map<string, Map<string, string>>;
}

/** The values of a unique field (each item of a list), as index keys. */
export const uniqueValues = (value: unknown): string[] => (value === undefined ? [] : (Array.isArray(value) ? value : [value]).map((v) => JSON.stringify(v)));

function indexOf(holder: Holder, resource: string, field: string): Map<string, string> {
  const indexes = (holder.unique ??= new Map());
  const key = `${resource}\u0000${field}`;
  let index = indexes.get(key);
  if (!index) {
    index = new Map();
    for (const r of holder.records.get(resource)?.values() ?? []) for (const v of uniqueValues(r[field])) index.set(v, String(r.id));
    indexes.set(key, index);
  }
  return index;
}

/** True when another record than `self` holds one of the record's values of `field`, or the record gives one twice. */
export function uniqueTaken(holder: Holder, resource: string, field: string, record: Rec, self?: string): boolean {
  const values = uniqueValues(record[field]);
  if (new Set(values).size !== values.length) return true;
  const index = indexOf(holder, resource, field);
  const records = holder.records.get(resource);
  return values.some((v) => {
    const holderId = index.get(v);
    const other = holderId === undefined || holderId === self ? undefined : records?.get(holderId);
    return other !== undefined && uniqueValues(other[field]).includes(v);
  });
}

/** Adds (or, with `remove`, takes out) a record's values in every index built for its resource. */
export function reindex(holder: Holder, resource: string, record: Rec, remove = false): void {
  for (const [key, index] of holder.unique ?? []) {
    if (!key.startsWith(`${resource}\u0000`)) continue;
    for (const v of uniqueValues(record[key.slice(resource.length + 1)])) {
      if (!remove) index.set(v, String(record.id));
      else if (index.get(v) === String(record.id)) index.delete(v);
    }
  }
}
