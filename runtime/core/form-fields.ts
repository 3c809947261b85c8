/**
 * The fields of a FormData or URLSearchParams body as the object the document's schema
 * describes, so the rule check sees the same names whatever form the caller chose. A repeated
 * name becomes an array; anything else is returned as it is.
 */
export function bodyFields(body: unknown): unknown {
  if (!(body instanceof FormData) && !(body instanceof URLSearchParams)) return body;
  const fields: Record<string, unknown> = {};
  for (const [name, value] of body.entries()) {
    const before = fields[name];
    fields[name] = before === undefined ? value : Array.isArray(before) ? [...before, value] : [before, value];
  }
  return fields;
}
