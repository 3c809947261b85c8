/**
 * The try-it panel's view of one document (runtime/tryit/descriptor.ts): every operation's
 * parameters with their first documented example, its request examples by media type, its
 * security and its documented response cases.
 */
import type { TryitCodeFlow, TryitOperation, TryitService } from "../../../runtime/tryit/descriptor.js";
import { deref, getAt } from "../../../runtime/core/pointer.js";
import { inDocumentOrder, operationTable } from "../../../runtime/openapi/operation-table.js";
import type { OpenApiDocument } from "../openapi-types.js";
import { pascalName, type Service } from "../services.js";
import { firstExample } from "../../../runtime/openapi/examples.js";

const asText = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value, null, 2));
/** A parameter's example as it is typed into its one-line field: an array as comma-separated values (as the panel reads it), an object as compact JSON. */
const asField = (value: unknown) =>
  typeof value === "string" ? value : Array.isArray(value) && value.every((v) => v === null || typeof v !== "object") ? value.join(", ") : JSON.stringify(value);

/** The document's authorization code flow, found by what the operations take (descriptor.ts, TryitCodeFlow). */
export function codeFlowOf(operations: Record<string, TryitOperation>): TryitCodeFlow | undefined {
  const ops = Object.values(operations);
  const authorize = ops.find((op) => op.method === "GET" && ["response_type", "client_id", "redirect_uri"].every((name) => op.parameters.some((p) => p.in === "query" && p.name === name)));
  const grant = (text: string) => {
    try {
      return (JSON.parse(text) as { grant_type?: unknown }).grant_type;
    } catch {
      return undefined;
    }
  };
  for (const op of ops) {
    const media = op.body?.media.find((m) => /x-www-form-urlencoded/.test(m.type) && m.examples.some((e) => grant(e.text) === "authorization_code"));
    if (authorize && media) return { authorize: authorize.operationId, token: op.operationId, media: media.type, pkce: authorize.parameters.some((p) => p.name === "code_challenge") };
  }
  return undefined;
}

export function tryitService(service: Service, doc: OpenApiDocument): TryitService {
  const operations: Record<string, TryitOperation> = {};
  for (const op of inDocumentOrder(operationTable(doc))) {
    const operation = getAt(doc, op.pointer) as any;
    const parameters = op.parameters.map((q) => getAt(doc, q.pointer) as any).map((p) => {
      const schema = p.schema ? deref(doc, p.schema) : {};
      const { found, value } = firstExample(doc, p);
      return { name: p.name, in: p.in, required: p.required === true, type: String(schema.type ?? "string"), ...(found ? { example: asField(value) } : {}) };
    });
    let body: TryitOperation["body"];
    if (operation.requestBody) {
      const rb = deref(doc, operation.requestBody);
      body = {
        required: rb.required === true,
        media: Object.entries<any>(rb.content ?? {}).map(([type, media]) => {
          const named = Object.entries<any>(media.examples ?? {}).map(([name, ex]) => ({ name, text: asText(deref(doc, ex).value) }));
          const { found, value } = firstExample(doc, media);
          return { type, examples: named.length ? named : found ? [{ name: "example", text: asText(value) }] : [] };
        }),
      };
    }
    const cases = Object.entries<any>(operation.responses ?? {}).map(([status, raw]) => {
      const r = deref(doc, raw);
      const first = Object.values<any>(r.content ?? {})[0];
      return { status, examples: Object.keys(first?.examples ?? {}) };
    });
    const success = Object.entries<any>(operation.responses ?? {})
      .filter(([s]) => s.startsWith("2"))
      .flatMap(([, r]) => Object.keys(deref(doc, r).content ?? {}));
    operations[operation.operationId] = {
      operationId: operation.operationId,
      method: op.method,
      path: op.path,
      parameters,
      ...(body ? { body } : {}),
      security: op.security,
      cases,
      parseAs: success.every((m) => /json/i.test(m)) ? "json" : "text",
    };
  }
  const schemes = Object.fromEntries(
    Object.entries<any>(doc.components?.securitySchemes ?? {}).map(([name, raw]) => {
      const s = deref(doc, raw);
      return [name, { type: s.type, ...(s.scheme ? { scheme: String(s.scheme).toLowerCase() } : {}), ...(s.in ? { in: s.in, name: s.name } : {}), ...(typeof s["x-example"] === "string" ? { example: s["x-example"] } : {}) }];
    }),
  );
  const codeFlow = codeFlowOf(operations);
  return { id: service.id, factory: `create${pascalName(service.id)}Client`, schemes, operations, ...(codeFlow ? { codeFlow } : {}) };
}
