/**
 * x-codeSamples for every operation, generated from the bundled document at build time: a call
 * through the package's typed client, the same request as curl, and the call against the mock.
 */
import type { SecuritySchemeMeta, ServiceMeta } from "../../../runtime/core/service-meta.js";
import type { OpenApiDocument } from "../bundle.js";
import { extractMeta } from "../client-meta.js";
import { inDocumentOrder, operationTable } from "../../../runtime/openapi/operation-table.js";
import { bindValues, exampleCall, FORM, formFields, mockCredential, parameterHeaders, requestTarget, type ExampleCall } from "../example-requests.js";
import { pascalName } from "../services.js";
import { shellExpand, shellQuote, tsInline, tsKey, tsLiteral } from "./literals.js";
import { fetchSample, goSample, javaSample, pythonSample, wireCall } from "./http-samples.js";

export interface CodeSample {
  lang: string;
  label: string;
  source: string;
}

export const PACKAGE = "cloud-interfaces";
export const SAMPLE_LABELS = { typescript: "TypeScript", curl: "curl", fetch: "JavaScript", python: "Python", go: "Go", java: "Java", mock: "Mock" } as const;

export const factoryName = (serviceId: string) => `create${pascalName(serviceId)}Client`;

const snake = (text: string) =>
  text
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/[^A-Za-z0-9]+/g, "_")
    .toUpperCase();

/**
 * Where a sample reads a secret from: `<SERVICE>_<SCHEME>` (`KMS_V2_BEARER_AUTH`), with
 * `_USERNAME`/`_PASSWORD` for HTTP Basic. Secrets never appear in samples as literals.
 */
export function credentialEnv(serviceId: string, scheme: string, part?: "username" | "password"): string {
  return [snake(serviceId), snake(scheme), part ? snake(part) : undefined].filter(Boolean).join("_");
}

/**
 * Where a sample sends its request. A placeholder host (`x-placeholder`) is never written into
 * a sample: a reader's token would go to it. The sample reads the service's URL from
 * `<SERVICE>_BASE_URL` instead, as the client needs it as `baseUrl`.
 */
function serverUrl(meta: ServiceMeta): { url: string; region?: string; env?: string } {
  const server = meta.servers[0];
  if (!server) throw new Error(`${meta.id}: no server to build samples against`);
  if (server.placeholder) return { url: "", env: credentialEnv(meta.id, "baseUrl") };
  const url = server.url.replace(/\{([^}]+)\}/g, (_, name: string) => server.variables[name]!.default);
  return { url, ...(server.variables.region ? { region: server.variables.region.default } : {}) };
}

/** The option that says where the client sends: `baseUrl` from the environment for a placeholder host, else the region. */
function whereOption(meta: ServiceMeta): string[] {
  const { region, env } = serverUrl(meta);
  if (env) return [`baseUrl: process.env.${env}!`];
  return region ? [`region: ${JSON.stringify(region)}`] : [];
}

function envCredential(serviceId: string, name: string, scheme: SecuritySchemeMeta): string {
  if (scheme.type === "http" && scheme.scheme === "basic") {
    return `{ username: process.env.${credentialEnv(serviceId, name, "username")}!, password: process.env.${credentialEnv(serviceId, name, "password")}! }`;
  }
  return `process.env.${credentialEnv(serviceId, name)}!`;
}

function clientOptions(lines: string[], indent: string): string {
  return `{\n${lines.map((l) => `${indent}  ${l},`).join("\n")}\n${indent}}`;
}

function callInit(shape: ExampleCall): Record<string, unknown> | undefined {
  const init: Record<string, unknown> = {};
  const params = Object.fromEntries(Object.entries(shape.params).filter(([, v]) => v && Object.keys(v).length > 0));
  if (Object.keys(params).length > 0) init.params = params;
  if (shape.body) init.body = shape.body.value;
  return Object.keys(init).length > 0 ? init : undefined;
}

function tsCall(shape: ExampleCall, client = "client"): string {
  const init = callInit(shape);
  const method = shape.op.method.toUpperCase();
  const args = [JSON.stringify(shape.op.path), ...(init ? [tsLiteral(init)] : [])].join(", ");
  return `const { data, error, response } = await ${client}.${method}(${args});\nconsole.log(response.status, data ?? error);`;
}

function tsSample(serviceId: string, doc: OpenApiDocument, meta: ServiceMeta, shape: ExampleCall, bindExamples: Record<string, unknown>): string {
  const options = [
    ...whereOption(meta),
    ...(shape.schemes.length > 0
      ? [`credentials: { ${shape.schemes.map((s) => `${tsKey(s)}: ${envCredential(serviceId, s, meta.securitySchemes[s]!)}`).join(", ")} }`]
      : []),
    ...(Object.keys(bindExamples).length > 0 ? [`bind: ${tsInline(bindExamples)}`] : []),
  ];
  return `import { ${factoryName(serviceId)} } from "${PACKAGE}/${serviceId}";

const client = ${factoryName(serviceId)}(${options.length > 0 ? clientOptions(options, "") : ""});

${tsCall(shape)}
`;
}

function mockSample(serviceId: string, doc: OpenApiDocument, meta: ServiceMeta, shape: ExampleCall, bindExamples: Record<string, unknown>): string {
  const options = [
    "baseUrl: mock.url",
    ...(shape.schemes.length > 0
      ? [`credentials: { ${shape.schemes.map((s) => `${tsKey(s)}: ${tsInline(mockCredential(doc, meta.securitySchemes[s]!))}`).join(", ")} }`]
      : []),
    ...(Object.keys(bindExamples).length > 0 ? [`bind: ${tsInline(bindExamples)}`] : []),
  ];
  return `// A local mock that answers with the documented examples (or from a shell: npx ${PACKAGE} mock ${serviceId})
import { startMock } from "${PACKAGE}/mock";
import { ${factoryName(serviceId)} } from "${PACKAGE}/${serviceId}";

const mock = await startMock(${JSON.stringify(serviceId)});
const client = ${factoryName(serviceId)}(${clientOptions(options, "")});

${tsCall(shape)}
await mock.close();
`;
}

function curlSample(serviceId: string, meta: ServiceMeta, shape: ExampleCall): string {
  const method = shape.op.method.toUpperCase();
  const server = serverUrl(meta);
  const url = server.env ? shellExpand(`$${server.env}${requestTarget(meta, shape)}`, [server.env]) : shellQuote(`${server.url}${requestTarget(meta, shape)}`);

  const lines: string[] = [method === "GET" ? `curl ${url}` : method === "HEAD" ? `curl --head ${url}` : `curl -X ${method} ${url}`];
  for (const name of shape.schemes) {
    const scheme = meta.securitySchemes[name]!;
    if (scheme.type === "http" && scheme.scheme === "basic") {
      const user = credentialEnv(serviceId, name, "username");
      const password = credentialEnv(serviceId, name, "password");
      lines.push(`-u ${shellExpand(`$${user}:$${password}`, [user, password])}`);
    } else if (scheme.type === "http") {
      const env = credentialEnv(serviceId, name);
      lines.push(`-H ${shellExpand(`Authorization: Bearer $${env}`, [env])}`);
    } else {
      const env = credentialEnv(serviceId, name);
      const header = scheme.in === "cookie" ? `Cookie: ${scheme.name}=$${env}` : `${scheme.name}: $${env}`;
      lines.push(`-H ${shellExpand(header, [env])}`);
    }
  }
  for (const [name, value] of parameterHeaders(shape)) lines.push(`-H ${shellQuote(`${name}: ${value}`)}`);
  if (shape.body) {
    lines.push(`-H ${shellQuote(`Content-Type: ${shape.body.mediaType}`)}`);
    if (shape.body.mediaType === FORM) {
      for (const [k, v] of formFields(shape.body.value)) lines.push(`--data-urlencode ${shellQuote(`${k}=${v}`)}`);
    } else {
      const text = typeof shape.body.value === "string" ? shape.body.value : JSON.stringify(shape.body.value, null, 2);
      lines.push(`--data-raw ${shellQuote(text)}`);
    }
  }
  return `${lines.join(" \\\n  ")}\n`;
}

/** The samples of every operation, keyed by operationId: the package's client, curl, fetch, Python, Go, Java, and the client against the mock. */
export function codeSamples(serviceId: string, doc: OpenApiDocument): Map<string, CodeSample[]> {
  const meta = extractMeta(serviceId, doc);
  const bindExamples = bindValues(doc);
  const out = new Map<string, CodeSample[]>();
  for (const op of inDocumentOrder(operationTable(doc))) {
    const shape = exampleCall(doc, op, bindExamples);
    const server = serverUrl(meta);
    const wire = wireCall(meta, shape, {
      baseEnv: credentialEnv(serviceId, "baseUrl"),
      ...(server.env ? {} : { defaultUrl: server.url }),
      credential: (scheme, part) => credentialEnv(serviceId, scheme, part),
    });
    out.set(op.operationId, [
      { lang: "TypeScript", label: SAMPLE_LABELS.typescript, source: tsSample(serviceId, doc, meta, shape, bindExamples) },
      { lang: "Shell", label: SAMPLE_LABELS.curl, source: curlSample(serviceId, meta, shape) },
      { lang: "JavaScript", label: SAMPLE_LABELS.fetch, source: fetchSample(wire) },
      { lang: "Python", label: SAMPLE_LABELS.python, source: pythonSample(wire) },
      { lang: "Go", label: SAMPLE_LABELS.go, source: goSample(wire) },
      { lang: "Java", label: SAMPLE_LABELS.java, source: javaSample(wire) },
      { lang: "TypeScript", label: SAMPLE_LABELS.mock, source: mockSample(serviceId, doc, meta, shape, bindExamples) },
    ]);
  }
  return out;
}

/** How much a reader must type to call an operation: the landing page shows the simplest call. */
function effort(shape: ExampleCall): number {
  const params = Object.values(shape.params).reduce((n, v) => n + Object.keys(v ?? {}).length, 0);
  return (shape.op.method === "GET" ? 0 : 10) + params + (shape.body ? 20 : 0);
}

/** Three lines for the landing page: import, create the client, one call. */
export function landingExample(serviceId: string, doc: OpenApiDocument): string {
  const meta = extractMeta(serviceId, doc);
  const bindExamples = bindValues(doc);
  const shapes = inDocumentOrder(operationTable(doc)).map((op) => exampleCall(doc, op, bindExamples));
  const simplest = shapes.reduce((best, s) => (effort(s) < effort(best) ? s : best));
  const options = [
    ...whereOption(meta),
    ...(simplest.schemes.length > 0 ? [`credentials: { ${simplest.schemes.map((s) => `${tsKey(s)}: ${envCredential(serviceId, s, meta.securitySchemes[s]!)}`).join(", ")} }`] : []),
    ...(Object.keys(bindExamples).length > 0 ? [`bind: ${tsInline(bindExamples)}`] : []),
  ];
  const init = callInit(simplest);
  const args = [JSON.stringify(simplest.op.path), ...(init ? [tsInline(init)] : [])].join(", ");
  return [
    `import { ${factoryName(serviceId)} } from "${PACKAGE}/${serviceId}";`,
    `const client = ${factoryName(serviceId)}(${options.length > 0 ? `{ ${options.join(", ")} }` : ""});`,
    `const { data, error } = await client.${simplest.op.method.toUpperCase()}(${args});`,
  ].join("\n");
}
