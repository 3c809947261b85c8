/**
 * The order a sort parameter names (`sortParam` of `x-resource`): comma-separated fields, `-`
 * descending, records lacking a field last whatever the direction, ties by id. Each record's sort
 * keys are computed once (a date-time parsed once, not per comparison), and the order is kept
 * per partition and resource until the engine writes to that resource (issue 38: a 5,000-key
 * page over 10,000 keys parsed two dates per comparison).
 */
type Rec = Record<string, any>;

/** What keeps the order: a partition of the engine (its other fields are not read here). */
type Holder = Record<string, any> & {
  /** Per resource: the count of writes (`touch`), which outdates a kept order. */
  versions?: Map<string, number>;
  sortCache?: Map<string, { version: number; sort: string; items: Rec[] }>;
};

/** Records a write to a resource of a partition: its kept order is stale. */
export function touch(holder: Holder, resource: string): void {
  const versions = (holder.versions ??= new Map());
  versions.set(resource, (versions.get(resource) ?? 0) + 1);
}

/** The records of `resource` in the order `sort` names; `isDate(field)` says which fields compare as times. */
export function sortedRecords(holder: Holder, resource: string, records: Map<string, Rec>, sort: string, isDate: (field: string) => boolean): Rec[] {
  const cache = (holder.sortCache ??= new Map());
  const version = holder.versions?.get(resource) ?? 0;
  const hit = cache.get(resource);
  if (hit && hit.version === version && hit.sort === sort) return hit.items;
  const fields = sort.split(",").filter(Boolean).map((f) => ({ name: f.replace(/^-/, ""), sign: f.startsWith("-") ? -1 : 1 }));
  const dates = fields.map((f) => isDate(f.name));
  const rows = [...records.values()].map((r) => ({
    r,
    id: String(r.id),
    keys: fields.map((f, i) => {
      const v = r[f.name];
      return dates[i] && typeof v === "string" ? Date.parse(v) : v;
    }),
  }));
  rows.sort((a, b) => {
    for (let i = 0; i < fields.length; i++) {
      const x = a.keys[i];
      const y = b.keys[i];
      if (x === y) continue;
      if (x === undefined) return 1;
      if (y === undefined) return -1;
      return (x < y ? -1 : 1) * fields[i]!.sign;
    }
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  });
  const items = rows.map((row) => row.r);
  cache.set(resource, { version, sort, items });
  return items;
}
