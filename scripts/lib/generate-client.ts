import type { ServiceMeta } from "../../runtime/core/service-meta.js";
import type { OpenApiDocument } from "./bundle.js";
import { deref, splitPointer } from "../../runtime/core/pointer.js";
import { extractMeta } from "./client-meta.js";
import { inDocumentOrder, operationTable } from "../../runtime/openapi/operation-table.js";
import { getAt } from "../../runtime/core/pointer.js";
import { pascalName, type Service } from "./services.js";

const HEADER = (service: Service) =>
  `// Generated from openapi/${service.document} by scripts/build.ts. Do not edit: change the document and run \`npm run build\`.\n`;

function tsUnion(values: readonly string[] | undefined, fallback: string): string {
  return values && values.length > 0 ? values.map((v) => JSON.stringify(v)).join(" | ") : fallback;
}

function bindType(doc: OpenApiDocument, meta: ServiceMeta): string {
  const fields = meta.bind.map(({ name, in: location }) => {
    const param = inDocumentOrder(operationTable(doc))
      .flatMap((op) => op.parameters)
      .find((p) => p.name === name && p.in === location);
    const schema = deref(doc, (param ? (getAt(doc, param.pointer) as any).schema : undefined) ?? {});
    const type = schema.type === "integer" || schema.type === "number" ? "number" : "string";
    return `  ${JSON.stringify(name)}?: ${type};`;
  });
  return fields.length > 0 ? `{\n${fields.join("\n")}\n}` : "Record<string, never>";
}

function credentialsType(meta: ServiceMeta): string {
  const fields = Object.entries(meta.securitySchemes).map(
    ([name, s]) =>
      `  ${JSON.stringify(name)}?: ${s.type === "http" && s.scheme === "basic" ? "BasicCredentials" : "SecretSource"};`,
  );
  return fields.length > 0 ? `{\n${fields.join("\n")}\n}` : "Record<string, never>";
}

/** For each paginated GET: the item type found by following its `items` pointer in the success body's type. */
function pagesType(doc: OpenApiDocument, meta: ServiceMeta): string {
  const entries = Object.entries(meta.operations).flatMap(([key, op]) => {
    if (!op.pagination || !key.startsWith("GET ")) return [];
    const path = key.slice(4);
    const ok = deref(doc, doc.paths[path].get.responses["200"]);
    const media = Object.keys(ok?.content ?? {})[0];
    if (!media) throw new Error(`${meta.id} ${op.operationId}: x-pagination needs a 200 response with a body`);
    let expr = `paths[${JSON.stringify(path)}]["get"]["responses"][200]["content"][${JSON.stringify(media)}]`;
    for (const key of splitPointer(op.pagination.items)) expr = `NonNullable<${expr}[${JSON.stringify(key)}]>`;
    return [`  ${JSON.stringify(path)}: ${expr}[number];`];
  });
  return entries.length > 0 ? `{\n${entries.join("\n")}\n}` : "{}";
}

/** The name of a service's meta constant in its client.ts, e.g. kmsV2Service. */
function metaName(id: string): string {
  const name = pascalName(id);
  return `${name[0]!.toLowerCase()}${name.slice(1)}Service`;
}

/** Emits generated/<id>/client.ts: the operation table and a typed factory over the shared runtime. */
export function generateClient(service: Service, doc: OpenApiDocument): string {
  const meta = extractMeta(service.id, doc);
  const name = pascalName(service.id);
  const regions = meta.servers[0]?.variables.region?.enum;
  const bound = meta.bind.map((b) => JSON.stringify(b.name)).join(" | ") || "never";
  return `${HEADER(service)}
import { createServiceClient, type ServiceClientOptions } from "../../runtime/core/create-client.js";
import type { BasicCredentials, SecretSource } from "../../runtime/core/credentials.js";
import type { ServiceMeta } from "../../runtime/core/service-meta.js";
import { isApiErrorOf, type ErrorStatus, type TypedApiError } from "../../runtime/core/typed-errors.js";
import type { operations, paths } from "./types.js";

export type { components, operations, paths } from "./types.js";

/** Per-operation facts the runtime needs, extracted from the bundled document. */
export const ${metaName(service.id)} = ${JSON.stringify(meta, null, 2)} as const satisfies ServiceMeta;

export type ${name}Region = ${tsUnion(regions, "never")};
export type ${name}ServerName = ${tsUnion(meta.servers.map((s) => s.name), "never")};
export type ${name}Credentials = ${credentialsType(meta)};
export type ${name}Bind = ${bindType(doc, meta)};
export type ${name}BoundParameter = ${bound};
export type ${name}ClientOptions = ServiceClientOptions<${name}Region, ${name}ServerName, ${name}Credentials, ${name}Bind>;
/** Item type of each operation that declares \`x-pagination\`: what \`client.paginate(path)\` yields. */
export type ${name}Pages = ${pagesType(doc, meta)};

/** Typed client for ${JSON.stringify(doc.info?.title ?? service.id)} ${doc.info?.version ?? ""}. */
export function create${name}Client(options: ${name}ClientOptions = {}) {
  return createServiceClient<paths, ${name}BoundParameter, ${name}Pages>(${metaName(service.id)}, options, () => import("./rules.js"));
}

export type ${name}Client = ReturnType<typeof create${name}Client>;

/** A documented failure of this service: \`ApiError<"operationId", status>\` has that response's body type. */
export type ApiError<Op extends keyof operations = keyof operations, S extends ErrorStatus<operations, Op> = ErrorStatus<operations, Op>> = TypedApiError<operations, Op, S>;
/** \`isApiError(e, "operationId", status)\` narrows \`e\` to that documented failure. */
// Pure: an app that never calls it bundles neither it nor ApiError in its first load.
export const isApiError = /* @__PURE__ */ isApiErrorOf<operations>();
`;
}

/**
 * The package entry point `cloud-interfaces/<id>`: the client, the document's types and the
 * family's helpers. Nothing else, so a bundle of one service never pulls in another.
 */
export function generateEntryPoint(service: Service): string {
  const family = service.family ? `export * from "../../runtime/${service.family}/index.js";\n` : "";
  return `${HEADER(service)}\nexport * from "./client.js";\n${family}`;
}

/** The service ids of openapi/services.json as a value and a type, for the mock and the CLI. */
export function generateServiceIds(services: readonly Service[]): string {
  const ids = services.map((s) => JSON.stringify(s.id));
  const operations = services.map((s) => {
    return `  ${JSON.stringify(s.id)}: keyof (typeof import("./${s.id}/client.js"))["${metaName(s.id)}"]["operations"];\n`;
  });
  return (
    "// Generated from openapi/services.json by scripts/build.ts. Do not edit.\n\n" +
    `export const SERVICE_IDS = [${ids.join(", ")}] as const;\n` +
    "export type ServiceId = (typeof SERVICE_IDS)[number];\n\n" +
    "/** The \"METHOD /path/template\" keys of each service's operations (its generated meta): what code naming an operation may write. */\n" +
    `export interface ServiceOperations {\n${operations.join("")}}\n`
  );
}
