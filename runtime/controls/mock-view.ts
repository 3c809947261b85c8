/**
 * The document as a mock that takes its case selection from `Prefer` must read it. A parameter
 * may carry `x-mock-schema`, the schema such a mock validates instead of the published one: the
 * KMS `Prefer` header is an enum of two values for clients, but the emulator (runtime/emulator)
 * reads `code=`/`example=` from the same header, so its contract checks the RFC 7240 preference
 * list that admits both. (The Prism mock separates its case selection from the API's own
 * preferences at its edge, runtime/controls/case-selection.ts, and validates the published enum.)
 */
export function mockView<T>(bundle: T): T {
  const copy = structuredClone(bundle);
  const walk = (node: unknown) => {
    if (node === null || typeof node !== "object") return;
    if (Array.isArray(node)) return node.forEach(walk);
    const record = node as Record<string, unknown>;
    if (record["x-mock-schema"] !== undefined && record.schema !== undefined) record.schema = record["x-mock-schema"];
    Object.values(record).forEach(walk);
  };
  walk(copy);
  return copy;
}
