import type { OpenApiDocument } from "../bundle.js";
import { deref } from "../../../runtime/openapi/pointer.js";
import type { DocumentOperation } from "../../../runtime/openapi/router.js";

/** The first documented example of a parameter, a media type or a schema, in the order OpenAPI gives them precedence. */
export function firstExample(doc: OpenApiDocument, holder: any): { found: boolean; value?: unknown } {
  if (!holder) return { found: false };
  if (holder.example !== undefined) return { found: true, value: holder.example };
  const named = Object.values<any>(holder.examples ?? {});
  if (!Array.isArray(holder.examples) && named.length > 0) {
    const example = deref(doc, named[0]);
    if (example.value !== undefined) return { found: true, value: example.value };
  }
  const schema = holder.schema ? deref(doc, holder.schema) : Array.isArray(holder.examples) ? holder : undefined;
  if (schema) {
    if (Array.isArray(schema.examples) && schema.examples.length > 0) return { found: true, value: schema.examples[0] };
    if (schema.example !== undefined) return { found: true, value: schema.example };
    if (schema.default !== undefined) return { found: true, value: schema.default };
    if (Array.isArray(schema.enum) && schema.enum.length > 0) return { found: true, value: schema.enum[0] };
  }
  return { found: false };
}

/** A parameter's example, or a placeholder naming it when the document gives none. */
export function parameterExample(doc: OpenApiDocument, parameter: any): unknown {
  const { found, value } = firstExample(doc, parameter);
  return found ? value : `<${parameter.name}>`;
}

export interface RequestBodyExample {
  mediaType: string;
  value: unknown;
}

/**
 * The operation's first documented request example: the first media type and its first
 * example. A body without any example is a build error, not a sample that cannot work.
 */
export function requestBodyExample(doc: OpenApiDocument, op: Pick<DocumentOperation, "method" | "path" | "operation">): RequestBodyExample | undefined {
  if (!op.operation.requestBody) return undefined;
  const body = deref(doc, op.operation.requestBody);
  const [mediaType, content] = Object.entries<any>(body.content ?? {})[0] ?? [];
  if (!mediaType) return undefined;
  const { found, value } = firstExample(doc, content);
  if (!found) {
    throw new Error(`${op.method.toUpperCase()} ${op.path} (${op.operation.operationId}): request body ${mediaType} has no example to build code samples from`);
  }
  return { mediaType, value };
}
