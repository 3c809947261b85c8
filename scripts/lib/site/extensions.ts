/**
 * Vendor extensions rendered once and readably: Redoc is told not to show extensions
 * (showExtensions: false), and what a reader needs from them (security, IAM action, audit
 * events, rate limit, deprecation, validity, assumptions) becomes one styled block in the
 * description of the operation or the document. Assumptions link to their assumptions-page row.
 */
import { collectAssumptions, type Assumption } from "../assumptions.js";
import type { OpenApiDocument } from "../bundle.js";
import { listOperations } from "../../../runtime/core/router.js";
import type { Service } from "../services.js";
import { assumptionIds, noteLead } from "./anchors.js";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "../paths.js";
import { PACKAGE } from "./code-samples.js";
import { displayTitle, html } from "./html.js";
import { allowedLinkTarget, proseOnly } from "./prose.js";
import { readerText } from "./seed-references.js";

/** How prose refers to an extension, for descriptions that name one in backticks. */
const PROSE_NAMES: Record<string, string> = {
  "x-assumed": "assumed (see the assumptions page)",
  "x-iam-action": "IAM action",
  "x-audit-events": "audit events",
  "x-rate-limit": "rate limit",
  "x-validity-seconds": "validity",
  "x-deprecated": "deprecation",
  "x-audit-event-renames": "audit event renames",
  "x-value-pattern": "value pattern",
  "x-retry": "retry advice",
  "x-retry-policy": "retry policy",
  "x-pagination": "pagination",
  "x-mock-schema": "mock-only schema",
  "x-client": "client options",
  "x-client.bind": "`bind` option of the client",
  "x-source": "source",
  "x-required-when": "required-when rule",
  "x-untyped-body": "untyped-body rule",
  "x-resource": "resource model",
  "x-refers": "reference to an existing resource",
  "x-example": "example credential",
  "x-credential": "credential carried in the body",
  "x-example-answer": "documented answer of the example",
  "x-example-verifier": "example signing key",
  "x-effect": "effect on the server",
  "x-placeholder": "placeholder host",
};

/**
 * Plain text (an assumption note) with each known extension name replaced by what it means and
 * the interface documents' numbering by what it names (./seed-references.ts).
 */
export function readableNames(text: string): string {
  return readerText(text).replace(/`?\b(x-[A-Za-z]+(?:-[A-Za-z]+)*)\b`?/g, (whole, name: string) => PROSE_NAMES[name] ?? whole);
}

/** A pointer as readers see it: each extension-name segment replaced by what it means, e.g. `/[retry policy]`. */
export function readablePointer(pointer: string): string {
  return pointer.replace(/(^|\/)(x-[A-Za-z-]+)(?=\/|$)/g, (whole, slash: string, name: string) => (PROSE_NAMES[name] ? `${slash}[${PROSE_NAMES[name]}]` : whole));
}

function rewriteProse(text: string, markdown = true): string {
  // "(`x-audit-events`)" only pointed the reader at the raw extension, which the block now renders.
  return readerText(markdown ? proseOnly(text) : text)
    .replace(/\s*\(`(x-[A-Za-z-]+(?:\.[A-Za-z]+)*)`\)/g, (whole, name: string) => (PROSE_NAMES[name] ? "" : whole))
    .replace(/`(x-[A-Za-z-]+(?:\.[A-Za-z]+)*)`/g, (whole, name: string) => (PROSE_NAMES[name] ? `*${PROSE_NAMES[name]}*` : whole));
}

/** Values that are data, not prose: never rewritten. */
const DATA_KEYS = new Set(["example", "default", "const", "enum", "x-codeSamples"]);
/** URL fields Redoc turns into links (info.termsOfService, contact, license, externalDocs). */
const URL_KEYS = new Set(["url", "termsOfService"]);

/**
 * Every `description` of the document (an Example Object's too, never its value), as prose
 * only, with extension names replaced by what they mean; link fields Redoc renders keep only
 * the targets prose may link to. Descriptions inside extensions are not Markdown Redoc renders:
 * the blocks below put them into the page as escaped text.
 */
function rewriteDescriptions(node: unknown, parentKey = "", inExtension = false): void {
  if (node === null || typeof node !== "object") return;
  if (Array.isArray(node)) return node.forEach((item) => rewriteDescriptions(item, parentKey, inExtension));
  const record = node as Record<string, unknown>;
  for (const [key, value] of Object.entries(record)) {
    if (DATA_KEYS.has(key)) continue;
    if (key === "examples" && value && typeof value === "object" && !Array.isArray(value)) {
      for (const example of Object.values(value as Record<string, any>)) {
        if (example && typeof example.description === "string") example.description = rewriteProse(example.description, !inExtension);
      }
      continue;
    }
    if (key === "description" && typeof value === "string") record[key] = rewriteProse(value, !inExtension);
    else if (URL_KEYS.has(key) && typeof value === "string" && parentKey !== "servers" && !allowedLinkTarget(value)) delete record[key];
    else rewriteDescriptions(value, key, inExtension || key.startsWith("x-"));
  }
}

interface Row {
  label: string;
  /** Already-escaped HTML. */
  value: string;
}

const block = (rows: Row[], variant = "") =>
  rows.length === 0
    ? ""
    : `\n\n<div class="ext-block${variant ? ` ${variant}` : ""}"><dl>${rows.map((r) => `<dt>${html(r.label)}</dt><dd>${r.value}</dd>`).join("")}</dl></div>\n`;

const codes = (values: unknown[]) => values.map((v) => `<code>${html(String(v))}</code>`).join(", ");

function assumptionList(items: { a: Assumption; id: string }[]): string {
  // The lead alone, linked to the note's row: the whole note as a hover title repeated the
  // assumptions page inside every reference page (7 KB min+gz of identity v3's first load) and
  // showed on no touch screen.
  const links = items.map(({ a, id }) => `<li><a href="assumptions.html#${html(id)}">${html(readableNames(noteLead(a.note)))}</a></li>`);
  return `<ul>${links.join("")}</ul>`;
}

/** `x-audit-event-renames` (old name → new name) as a two-column table. */
function renameTable(renames: Record<string, string>): string {
  const rows = Object.entries(renames).map(([from, to]) => `<tr><td><code>${html(from)}</code></td><td><code>${html(to)}</code></td></tr>`);
  return `<table class="audit-renames"><thead><tr><th>Old</th><th>New</th></tr></thead><tbody>${rows.join("")}</tbody></table>`;
}

function rateLimit(value: any): string {
  return html(typeof value?.description === "string" ? value.description : JSON.stringify(value));
}

/** The package's own licence, which a reader could take the service's licence line for. */
function packageLicence(): string {
  return String((JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { license?: string }).license ?? "see its package.json");
}

function licenceRow(licence: any): Row {
  const name = html(String(licence.name ?? "not stated"));
  const id = licence.identifier ? ` (<code>${html(String(licence.identifier))}</code>)` : "";
  const linked = typeof licence.url === "string" && allowedLinkTarget(licence.url) ? `<a href="${html(licence.url)}">${name}</a>` : name;
  return { label: "Service licence", value: `${linked}${id}: the terms of the service this document describes. The ${html(PACKAGE)} package (clients, mocks, this site) is licensed ${html(packageLicence())}.` };
}

/**
 * Container objects whose keys are names chosen by the document (a property, a header, a status),
 * where a key starting with `x-` is a name, not an extension.
 */
const NAME_MAPS = new Set(["properties", "patternProperties", "headers", "content", "schemas", "responses", "parameters", "requestBodies", "securitySchemes", "links", "callbacks", "paths", "webhooks", "pathItems", "mapping", "encoding", "$defs", "definitions", "dependentSchemas", "variables", "scopes"]);
/** The extensions Redoc renders; with `showExtensions: false` it shows none of the others. */
const RENDERED = new Set(["x-codeSamples", "x-logo", "x-tagGroups", "x-displayName", "x-traitTag", "x-enumDescriptions"]);

/**
 * The page embeds its copy of the document for Redoc, which shows no extension but those above:
 * what the others say a reader needs is already in the blocks this module writes (assumptions as
 * links to their rows, security, rate limits), and the rest is for tools and the documents'
 * maintainers (`x-source`, where a statement comes from in the interface documents; workflows,
 * resource models, caps). They stay in the documents and the bundles (openapi/<id>.json), not in
 * the page: identity v3's embedded copy carried 10 KB min+gz of them. Every other text the page
 * carries says what the interface documents' numbering names.
 */
function forReaders(node: unknown, inNameMap = false): void {
  if (node === null || typeof node !== "object") return;
  const record = node as Record<string, unknown>;
  if (!Array.isArray(node) && !inNameMap) {
    for (const key of Object.keys(record)) if (key.startsWith("x-") && !RENDERED.has(key)) delete record[key];
  }
  for (const [key, value] of Object.entries(record)) {
    if (!Array.isArray(node) && !inNameMap && (DATA_KEYS.has(key) || key === "examples")) continue;
    if (typeof value === "string") record[key] = readerText(value);
    else forReaders(value, !Array.isArray(node) && !inNameMap && NAME_MAPS.has(key));
  }
}

/** The document copy the site renders: same content, extensions turned into blocks. */
export function renderExtensions(doc: OpenApiDocument, service: Service, services: readonly Service[]): OpenApiDocument {
  const copy = structuredClone(doc);
  const assumptions = collectAssumptions(doc);
  const ids = assumptionIds(service.id, assumptions);
  const withIds = assumptions.map((a, i) => ({ a, id: ids[i]! }));
  rewriteDescriptions(copy);
  const operations = listOperations(copy);

  for (const { path, method, operation } of operations) {
    const security = (operation.security ?? copy.security ?? []) as Record<string, unknown>[];
    const rows: Row[] = [
      {
        label: "Security",
        value: security.length === 0 ? "none (unprotected)" : security.map((r) => html(Object.keys(r).join(" + ") || "none")).join(" or "),
      },
    ];
    if (operation.deprecated) rows.push({ label: "Deprecated", value: "yes: this operation will be removed; see its description for the replacement" });
    if (operation["x-iam-action"]) rows.push({ label: "IAM action", value: codes([operation["x-iam-action"]]) });
    if (operation["x-audit-events"]) rows.push({ label: "Audit events", value: codes(operation["x-audit-events"]) });
    const rate = operation["x-rate-limit"] ?? copy["x-rate-limit"];
    if (rate) rows.push({ label: "Rate limit", value: rateLimit(rate) });
    if (operation["x-validity-seconds"] !== undefined) rows.push({ label: "Valid for", value: `${html(String(operation["x-validity-seconds"]))} seconds` });
    const own = withIds.filter(({ a }) => a.operation === `${method.toUpperCase()} ${path}` || a.operation === `* ${path}`);
    if (own.length > 0) rows.push({ label: `Assumptions (${own.length})`, value: assumptionList(own) });
    operation.description = `${operation.description ?? ""}${block(rows, operation.deprecated ? "deprecated" : "")}`;
  }

  // Links between documents point at their pages on this site.
  let description = copy.info.description ?? "";
  for (const other of services) description = description.split(`](${other.document})`).join(`](${other.id}.html)`);
  const rows: Row[] = [
    { label: "Document version", value: `${html(String(copy.info.version))} <span class="ext-note">(the version of this description, not of the API)</span>` },
    {
      label: "Bundled document",
      value: ["json", "yaml"].map((ext) => `<a href="openapi/${service.id}.${ext}" download="${service.id}.openapi.${ext}">${service.id}.openapi.${ext}</a>`).join(" · "),
    },
  ];
  const deprecation = copy.info["x-deprecated"];
  if (deprecation) {
    const successor = services.find((s) => s.id === deprecation.successor);
    rows.push({
      label: "Deprecated",
      value: `${html(deprecation.description ?? "yes")}${successor ? ` Successor: <a href="${successor.id}.html">${html(successor.id)}</a>.` : ""}`,
    });
  }
  if (copy["x-rate-limit"]) rows.push({ label: "Rate limit", value: rateLimit(copy["x-rate-limit"]) });
  const retry = copy["x-retry-policy"];
  if (retry) rows.push({ label: "Retry policy", value: html(`${String(retry.maxAttempts)} attempts in all; ${String(retry.backoffMs)} ms doubling without Retry-After; no single wait over ${String(retry.maxWaitMs)} ms`) });
  const renames = copy["x-audit-event-renames"] as Record<string, string> | undefined;
  if (renames) rows.push({ label: "Audit event renames", value: renameTable(renames) });
  const shared = withIds.filter(({ a }) => a.operation === undefined);
  if (shared.length > 0) {
    rows.push({
      label: "Assumptions",
      value: `<details><summary>${shared.length} in servers, security schemes and shared components (<a href="assumptions.html#${html(service.id)}">all ${assumptions.length}</a>)</summary>${assumptionList(shared)}</details>`,
    });
  }
  if (copy.info.license) rows.push(licenceRow(copy.info.license));
  copy.info.description = `${description}${block(rows, deprecation ? "deprecated" : "")}`;
  // Redoc shows "title (version)" and "License: name": the block above says both, and what they mean.
  copy.info.title = displayTitle(copy.info, service.id);
  copy.info.version = "";
  delete copy.info.license;
  forReaders(copy);
  return copy;
}
