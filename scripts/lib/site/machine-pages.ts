/**
 * The reference for machines (assistants, crawlers, scripts): `llms.txt` at the site root (the
 * llmstxt.org format) listing every service and operation with a link to its Markdown, and one
 * Markdown file per operation (`md/<service>/<operationId>.md`): method and path, parameters,
 * request bodies, answers, and an example call (curl, the package's client), all from the
 * bundled document and the same example call as the page's samples. Text reads as on the pages
 * (no interface-document numbering, extension names spelled out).
 */
import type { OpenApiDocument } from "../bundle.js";
import { deref, getAt } from "../../../runtime/core/pointer.js";
import { inDocumentOrder, operationTable, type TableOperation } from "../../../runtime/openapi/operation-table.js";
import type { Service } from "../services.js";
import { codeSamples, PACKAGE, SAMPLE_LABELS } from "./code-samples.js";
import { readableNames } from "./extensions.js";
import { displayTitle } from "./html.js";
import { proseOnly } from "./prose.js";

export const LLMS_FILE = "llms.txt";
export const operationMarkdownPath = (serviceId: string, operationId: string) => `md/${serviceId}/${operationId}.md`;

/** Prose as a reader of the pages gets it, on one line for table cells when asked. */
function prose(text: unknown, oneLine = false): string {
  if (typeof text !== "string" || text.trim() === "") return "";
  const out = readableNames(proseOnly(text)).trim();
  return oneLine ? out.replace(/\s*\n\s*/g, " ").replace(/\|/g, "\\|") : out;
}

/** A schema in a few words: `string (uri)`, `array of integer`, `one of A, B`, the component's name for a reference. */
function typeOf(doc: OpenApiDocument, schema: any, depth = 0): string {
  if (!schema || typeof schema !== "object") return "any";
  if (typeof schema.$ref === "string") {
    const name = schema.$ref.split("/").at(-1)!;
    const target = deref(doc, schema);
    return depth > 0 || target?.type === "object" || target?.properties ? name : `${name}: ${typeOf(doc, target, depth + 1)}`;
  }
  if (schema.const !== undefined) return `const ${JSON.stringify(schema.const)}`;
  if (Array.isArray(schema.enum)) return `one of ${schema.enum.map((v: unknown) => JSON.stringify(v)).join(", ")}`;
  for (const key of ["oneOf", "anyOf"]) if (Array.isArray(schema[key])) return `${key === "oneOf" ? "one" : "any"} of: ${schema[key].map((s: any) => typeOf(doc, s, depth + 1)).join("; ")}`;
  if (Array.isArray(schema.allOf)) return `all of: ${schema.allOf.map((s: any) => typeOf(doc, s, depth + 1)).join("; ")}`;
  const type = Array.isArray(schema.type) ? schema.type.join(" or ") : (schema.type ?? (schema.properties ? "object" : "any"));
  if (type === "array") return `array of ${typeOf(doc, schema.items, depth + 1)}`;
  return schema.format ? `${type} (${schema.format})` : String(type);
}

/** The fields of an object schema (after references), one table row each. */
function fieldRows(doc: OpenApiDocument, schema: any): string[] {
  const target = schema ? deref(doc, schema) : undefined;
  const properties = target?.properties as Record<string, any> | undefined;
  if (!properties) return [];
  const required = new Set<string>(target.required ?? []);
  return Object.entries(properties).map(([name, field]) => `| \`${name}\` | ${typeOf(doc, field).replace(/\|/g, "\\|")} | ${required.has(name) ? "yes" : "no"} | ${prose(deref(doc, field)?.description ?? field.description, true)} |`);
}

const fence = (lang: string, text: string) => `\`\`\`${lang}\n${text.trimEnd()}\n\`\`\``;

/** One operation as Markdown. */
export function operationMarkdown(service: Service, doc: OpenApiDocument, entry: TableOperation, samples: { label: string; source: string }[]): string {
  const operation = getAt(doc, entry.pointer) as any;
  const out: string[] = [`# ${entry.key}`, ""];
  if (operation.summary) out.push(`${prose(operation.summary, true)}`, "");
  out.push(`- Service: ${displayTitle(doc.info, service.id)} (\`${service.id}\`; the package's client: \`${PACKAGE}/${service.id}\`)`);
  out.push(`- Operation: \`${operation.operationId}\``);
  const servers = (operation.servers ?? doc.servers ?? []) as { url: string }[];
  if (servers[0]) out.push(`- Server: \`${servers[0].url}\``);
  const security = (operation.security ?? doc.security ?? []) as Record<string, unknown>[];
  out.push(`- Security: ${security.length === 0 ? "none" : security.map((r) => Object.keys(r).join(" + ") || "none").join(" or ")}`);
  if (operation.deprecated) out.push("- Deprecated: yes");
  out.push("");
  const description = prose(operation.description);
  if (description) out.push(description, "");

  const parameters = entry.parameters.map((p) => getAt(doc, p.pointer));
  if (parameters.length > 0) {
    out.push("## Parameters", "", "| name | in | type | required | description |", "|---|---|---|---|---|");
    for (const p of parameters as any[]) out.push(`| \`${p.name}\` | ${p.in} | ${typeOf(doc, p.schema).replace(/\|/g, "\\|")} | ${p.required ? "yes" : "no"} | ${prose(p.description, true)} |`);
    out.push("");
  }

  if (operation.requestBody) {
    const body = deref(doc, operation.requestBody);
    out.push("## Request body", "", `${body.required ? "Required." : "Optional."}${body.description ? ` ${prose(body.description, true)}` : ""}`, "");
    for (const [mediaType, content] of Object.entries<any>(body.content ?? {})) {
      out.push(`### \`${mediaType}\`: ${typeOf(doc, content.schema)}`, "");
      const rows = fieldRows(doc, content.schema);
      if (rows.length > 0) out.push("| field | type | required | description |", "|---|---|---|---|", ...rows, "");
    }
  }

  out.push("## Responses", "");
  for (const [status, response] of Object.entries<any>(operation.responses ?? {})) {
    const r = deref(doc, response);
    const media = Object.entries<any>(r.content ?? {}).map(([type, c]) => `\`${type}\` (${typeOf(doc, c.schema)})`);
    out.push(`- **${status}**: ${prose(r.description, true).replace(/\.$/, "") || "no description"}${media.length > 0 ? `; body ${media.join(", ")}` : ""}`);
  }
  out.push("");

  const curl = samples.find((s) => s.label === SAMPLE_LABELS.curl);
  const ts = samples.find((s) => s.label === SAMPLE_LABELS.typescript);
  if (curl || ts) {
    out.push("## Example", "", "The document's example request; secrets and, for a placeholder host, the service URL come from the environment.", "");
    if (curl) out.push(fence("sh", curl.source), "");
    if (ts) out.push(fence("ts", ts.source), "");
  }
  return `${out.join("\n").trimEnd()}\n`;
}

/** Every operation's Markdown file, by path under the site root. */
export function operationMarkdownFiles(entries: readonly { service: Service; doc: OpenApiDocument }[]): Map<string, string> {
  const files = new Map<string, string>();
  for (const { service, doc } of entries) {
    const samples = codeSamples(service.id, doc);
    for (const entry of inDocumentOrder(operationTable(doc))) {
      const id = entry.operationId;
      files.set(operationMarkdownPath(service.id, id), operationMarkdown(service, doc, entry, samples.get(id) ?? []));
    }
  }
  return files;
}

/** `llms.txt`: the site for a language model, every service and operation linked to its Markdown. */
export function llmsTxt(entries: readonly { service: Service; doc: OpenApiDocument }[]): string {
  const out = [
    "# Cloud service interfaces",
    "",
    `> OpenAPI 3.1 references of ${entries.length} cloud services, with typed TypeScript clients, mocks and emulators in the npm package \`${PACKAGE}\`. Each operation below links to a Markdown page: method, path, parameters, bodies, answers and an example call.`,
    "",
    "Each service's whole description is also available as a bundled OpenAPI document (JSON and YAML, linked per service), and the changes of every release are in [the changelog](changelog.html).",
    "",
  ];
  for (const { service, doc } of entries) {
    out.push(`## ${displayTitle(doc.info, service.id)} (\`${service.id}\`)`, "");
    const summary = prose(doc.info.summary ?? "", true);
    if (summary) out.push(summary, "");
    out.push(`- [OpenAPI document (JSON)](openapi/${service.id}.json): the whole description, bundled`);
    out.push(`- [Reference page](${service.id}.html): the same, for people`);
    for (const op of inDocumentOrder(operationTable(doc))) {
      const what = prose((getAt(doc, op.pointer) as any).summary ?? "", true);
      out.push(`- [${op.key}](${operationMarkdownPath(service.id, op.operationId)})${what ? `: ${what}` : ""}`);
    }
    out.push("");
  }
  return `${out.join("\n").trimEnd()}\n`;
}
