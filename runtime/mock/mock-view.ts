/**
 * The document as the mock server must read it. A parameter may carry `x-mock-schema`, the
 * schema the mock validates instead of the published one: the KMS `Prefer` header is an enum
 * of two values for clients, but Prism takes its own preferences (`code=`, `example=`) in the
 * same header and reads `__code`/`__example` only when no `Prefer` is sent, so the mock checks
 * the RFC 7240 preference list that admits both. Nothing else changes.
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
