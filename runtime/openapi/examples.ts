/**
 * Which documented example stands for a parameter or a request body. The verifier starts its
 * checks from it, the reference site's code samples and try-it panel show it, the load benchmark
 * sends it: one precedence, so the sample a reader copies is the request the verifier checked.
 *
 * Nearest the operation wins: the parameter's or media type's own `example`, then its named
 * `examples` in document order, then its schema's `examples[0]`, `example`, `default`, `enum[0]`,
 * `const`, and for an array a one-item list of its items' example. A named example is written
 * for this operation; a schema example for every use of the type; `default` and `enum` are valid
 * values nobody chose to illustrate.
 */
import { deref } from "../core/pointer.js";

export interface Found {
  found: boolean;
  value?: unknown;
}

/** A schema's own example, else a value it states as valid. */
export function schemaExample(doc: unknown, schemaOrRef: unknown, depth = 0): Found {
  const schema = deref<any>(doc, schemaOrRef);
  if (!schema || typeof schema !== "object") return { found: false };
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return { found: true, value: schema.examples[0] };
  if (schema.example !== undefined) return { found: true, value: schema.example };
  if (schema.default !== undefined) return { found: true, value: schema.default };
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return { found: true, value: schema.enum[0] };
  if (schema.const !== undefined) return { found: true, value: schema.const };
  if (schema.type === "array" && schema.items && depth < 8) {
    const item = schemaExample(doc, schema.items, depth + 1);
    if (item.found) return { found: true, value: [item.value] };
  }
  return { found: false };
}

/** The first documented example of a parameter, a media type or a schema (a schema's `examples` is a list). */
export function firstExample(doc: unknown, holder: any): Found {
  if (!holder) return { found: false };
  if (holder.example !== undefined) return { found: true, value: holder.example };
  const named = Object.values<any>(holder.examples ?? {});
  if (!Array.isArray(holder.examples) && named.length > 0) {
    const example = deref<any>(doc, named[0]);
    if (example?.value !== undefined) return { found: true, value: example.value };
  }
  if (holder.schema) return schemaExample(doc, holder.schema);
  return Array.isArray(holder.examples) ? schemaExample(doc, holder) : { found: false };
}

export interface BodyExample {
  /** The named example's key, "example" for a media type's `example`, "schema" for its schema's. */
  name: string;
  mediaType: string;
  value: unknown;
}

/**
 * An operation's request-body examples, the one that stands for it first: every named example
 * (or the `example`) of the first media type that documents one, in document order; failing
 * that, the schema-level example of the first media type that has one. Empty when there is none.
 */
export function requestBodyExamples(doc: unknown, operation: { requestBody?: unknown }): BodyExample[] {
  if (!operation.requestBody) return [];
  const content = Object.entries<any>(deref<any>(doc, operation.requestBody)?.content ?? {});
  for (const [mediaType, media] of content) {
    if (media?.example !== undefined) return [{ name: "example", mediaType, value: media.example }];
    const named = Object.entries<any>(media?.examples ?? {})
      .map(([name, ex]) => ({ name, mediaType, value: deref<any>(doc, ex)?.value }))
      .filter((ex) => ex.value !== undefined);
    if (named.length > 0) return named;
  }
  for (const [mediaType, media] of content) {
    const { found, value } = media?.schema ? schemaExample(doc, media.schema) : { found: false, value: undefined };
    if (found) return [{ name: "schema", mediaType, value }];
  }
  return [];
}
