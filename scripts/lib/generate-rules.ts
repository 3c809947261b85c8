/**
 * generated/<id>/rules.ts: the request rules each document states (patterns, lengths, ranges,
 * enums, item counts, required sets), per operation and parameter, for the client's check
 * before sending (runtime/core/rules.ts). Only the schemas a request can reach are emitted
 * there; what else the hand-written helpers of runtime/<family> need from the document is
 * generated/<id>/helper-rules.ts, so that no helper keeps a copy of a documented rule.
 */
import { CHECKED_KEYWORDS, IGNORED_KEYWORDS, type OperationRules, type Rule, type ServiceRules } from "../../runtime/core/rules.js";
import type { OpenApiDocument } from "./bundle.js";
import { deref, escapeToken } from "../../runtime/core/pointer.js";
import { DocumentError } from "./client-meta.js";
import { inDocumentOrder, operationTable } from "../../runtime/openapi/operation-table.js";
import { getAt } from "../../runtime/core/pointer.js";
import type { Service } from "./services.js";

const VALIDATION_KEYWORDS = new Set([
  "type", "enum", "const", "pattern", "minLength", "maxLength", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum",
  "multipleOf", "minItems", "maxItems", "uniqueItems", "required", "minProperties", "maxProperties",
]);
const SCHEMA_KEYWORDS = new Set(["items", "not", "additionalProperties"]);
const LIST_KEYWORDS = new Set(["prefixItems", "allOf", "anyOf", "oneOf"]);
const SCHEMA_REF = /^#\/components\/schemas\/([^/]+)$/;

const CHECKED = new Set(CHECKED_KEYWORDS);
const IGNORED = new Set(IGNORED_KEYWORDS);

/** A keyword the client's checker neither checks nor may ignore: a request could break it unnoticed. */
function refuseKeyword(key: string, value: unknown, where: string): void {
  if (CHECKED.has(key) || IGNORED.has(key) || key.startsWith("x-") || (key === "unevaluatedProperties" && value === true)) return;
  throw new DocumentError(
    `${where}: the request schema uses "${key}", which the client's checker (runtime/core/rules.ts) does not check; add it there or leave it out`,
    where,
    "keyword",
  );
}

/**
 * Boolean schemas stay booleans only where the rule type takes them (`items`, `additionalProperties`).
 * `where` is the JSON pointer of a request schema, or undefined for helper schemas (which are not held to the keyword lists).
 */
function toRule(doc: OpenApiDocument, schema: any, reached: Set<string>, where?: string): Rule {
  if (schema === false) return { not: {} };
  if (!schema || typeof schema !== "object") return {};
  const out: Record<string, unknown> = {};
  if (typeof schema.$ref === "string") {
    const name = SCHEMA_REF.exec(schema.$ref)?.[1];
    if (name) {
      out.$ref = name;
      reached.add(name);
    } else {
      Object.assign(out, toRule(doc, deref(doc, schema), reached, where && schema.$ref));
    }
  }
  const at = (...keys: (string | number)[]) => where && `${where}/${keys.map(escapeToken).join("/")}`;
  for (const [key, value] of Object.entries<any>(schema)) {
    if (where !== undefined) refuseKeyword(key, value, at(key)!);
    if (VALIDATION_KEYWORDS.has(key)) out[key] = value;
    else if (SCHEMA_KEYWORDS.has(key)) out[key] = typeof value === "boolean" && key !== "not" ? value : toRule(doc, value, reached, at(key));
    else if (LIST_KEYWORDS.has(key)) out[key] = (value as any[]).map((v, i) => toRule(doc, v, reached, at(key, i)));
    else if (key === "properties") {
      out.properties = Object.fromEntries(Object.entries<any>(value).map(([name, v]) => [name, toRule(doc, v, reached, at(key, name))]));
    }
  }
  return out as Rule;
}

/** The form or JSON schema the client sends by default (the first request media type). */
function bodySchema(doc: OpenApiDocument, operation: any): { schema: any; required: boolean } | undefined {
  const body = operation.requestBody ? deref(doc, operation.requestBody) : undefined;
  const first = Object.values<any>(body?.content ?? {})[0];
  return first ? { schema: first.schema, required: body.required === true } : undefined;
}

export function extractRules(doc: OpenApiDocument): ServiceRules {
  const reached = new Set<string>();
  const operations: Record<string, OperationRules> = {};
  for (const op of inDocumentOrder(operationTable(doc))) {
    const rules: { -readonly [K in keyof OperationRules]: any } = {};
    for (const p of op.parameters) {
      if (p.in === "cookie") continue;
      const raw = getAt(doc, p.pointer) as any;
      (rules[p.in as "path"] ??= {})[p.name] = toRule(doc, raw.schema, reached, `${op.key} parameter ${p.in} ${p.name}`);
      if (p.required) ((rules.required ??= {})[p.in as "path"] ??= []).push(p.name);
    }
    const body = bodySchema(doc, getAt(doc, op.pointer));
    if (body) {
      rules.body = toRule(doc, body.schema, reached, `${op.key} request body`);
      if (body.required) rules.bodyRequired = true;
    }
    operations[op.key] = rules;
  }
  const schemas: Record<string, Rule> = {};
  const pending = [...reached];
  while (pending.length > 0) {
    const name = pending.pop()!;
    if (name in schemas) continue;
    const before = new Set(reached);
    schemas[name] = toRule(doc, doc.components?.schemas?.[name], reached, `#/components/schemas/${name}`);
    for (const added of reached) if (!before.has(added)) pending.push(added);
  }
  const sorted = Object.fromEntries(Object.keys(schemas).sort().map((k) => [k, schemas[k]]));
  return { schemas: sorted as ServiceRules["schemas"], operations };
}

/** What a parameter states that its request rule leaves out: the core check leaves formats to the service, and `x-required-when` is this project's extension. */
interface ParameterNote {
  format?: string;
  requiredWhen?: Record<string, unknown>;
}

export interface HelperRules {
  /** The named schemas no request reaches (response enums, redirect queries, JSON-in-string contents); their `$ref`s name schemas of this table or of `rules.schemas`. */
  schemas: Record<string, Rule>;
  /** Per operation ("METHOD /path") and location, the parameters that state a `format` or `x-required-when`. */
  parameters: Record<string, Record<string, Record<string, ParameterNote>>>;
  /** `x-value-pattern` of the security schemes that state one (credentials have no schema of their own). */
  securitySchemes: Record<string, { valuePattern: string }>;
}

export function extractHelperRules(doc: OpenApiDocument, requestRules: ServiceRules = extractRules(doc)): HelperRules {
  const parameters: HelperRules["parameters"] = {};
  for (const op of inDocumentOrder(operationTable(doc))) {
    for (const p of op.parameters.map((q) => getAt(doc, q.pointer) as any)) {
      const format = deref(doc, p.schema ?? {})?.format;
      const note: ParameterNote = {
        ...(typeof format === "string" ? { format } : {}),
        ...(p["x-required-when"] ? { requiredWhen: p["x-required-when"] } : {}),
      };
      if (Object.keys(note).length === 0) continue;
      ((parameters[op.key] ??= {})[p.in] ??= {})[p.name] = note;
    }
  }
  const named = doc.components?.schemas ?? {};
  const schemas = Object.fromEntries(
    Object.keys(named)
      .filter((name) => !(name in requestRules.schemas))
      .sort()
      .map((name) => [name, toRule(doc, named[name], new Set())]),
  );
  const securitySchemes = Object.fromEntries(
    Object.entries<any>(doc.components?.securitySchemes ?? {})
      .map(([name, raw]) => [name, deref(doc, raw)?.["x-value-pattern"]] as const)
      .filter(([, pattern]) => typeof pattern === "string")
      .map(([name, valuePattern]) => [name, { valuePattern }]),
  );
  return { schemas, parameters, securitySchemes };
}

export function generateRules(service: Service, doc: OpenApiDocument): string {
  const rules = extractRules(doc);
  return (
    `// Generated from openapi/${service.document} by scripts/build.ts. Do not edit: change the document and run \`npm run build\`.\n\n` +
    `import { checkRequest, type RequestParts, type ServiceRules } from "../../runtime/core/rules.js";\n\n` +
    `/** The request rules the document states, checked before a request is sent. */\n` +
    `export const rules: ServiceRules = ${JSON.stringify(rules)};\n\n` +
    `/** Throws an InputError for the first rule of this document the request breaks (the client loads this module on creation). */\n` +
    `export const check = (operation: string, request: RequestParts): void => checkRequest(rules.operations[operation], rules.schemas, request);\n`
  );
}

/** generated/<id>/helper-rules.ts: its own module, so the rules chunk every client loads on creation does not carry it. */
export function generateHelperRules(service: Service, doc: OpenApiDocument): string {
  return (
    `// Generated from openapi/${service.document} by scripts/build.ts. Do not edit: change the document and run \`npm run build\`.\n\n` +
    `/**\n` +
    ` * What else the document states that the hand-written helpers (runtime/<family>) check: the named\n` +
    ` * schemas no request reaches (their \`$ref\`s name schemas of this table or of rules.ts), the \`format\`\n` +
    ` * and \`x-required-when\` of parameters, and the \`x-value-pattern\` of security schemes.\n` +
    ` */\n` +
    `export const helperRules = ${JSON.stringify(extractHelperRules(doc))} as const;\n`
  );
}
