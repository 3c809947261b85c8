/**
 * The example call of an operation (../example-requests.ts, the same call as the TypeScript and
 * curl samples) as a complete program in the languages the services' users write without the
 * package: JavaScript `fetch`, Python (`urllib.request`, the standard library: nothing to
 * install), Go (`net/http`) and Java (`java.net.http`, Java 15+ for text blocks). Each reads the
 * service's URL from `<SERVICE>_BASE_URL` (with the documented server as default, none for a
 * placeholder host) and every secret from the environment, prints the status and the body, and
 * follows no redirect where the operation documents one (the 3xx is the answer).
 */
import type { ServiceMeta } from "../../../runtime/core/service-meta.js";
import { FORM, formFields, parameterHeaders, requestTarget, type ExampleCall } from "../example-requests.js";
import { tsKey, tsLiteral } from "./literals.js";

/** A header value: literal text, or text around environment variables. */
type Part = { text: string } | { env: string };
interface Header {
  name: string;
  value: Part[];
}

/** The language-neutral request every sample below spells out. */
export interface WireCall {
  method: string;
  /** The service's URL: the environment variable that overrides it, and its default (none for a placeholder host). */
  base: { env: string; default?: string };
  target: string;
  headers: Header[];
  /** `{ user, password }` environment variables of an HTTP Basic credential. */
  basic?: { user: string; password: string };
  body?: { mediaType: string; json?: unknown; text: string };
  /** The operation documents a redirect: the sample shows it rather than following it. */
  redirects: boolean;
  operationId: string;
}

export interface WireNames {
  baseEnv: string;
  defaultUrl?: string;
  credential(scheme: string, part?: "username" | "password"): string;
}

export function wireCall(meta: ServiceMeta, shape: ExampleCall, names: WireNames): WireCall {
  const headers: Header[] = [];
  let basic: WireCall["basic"];
  for (const name of shape.schemes) {
    const scheme = meta.securitySchemes[name]!;
    if (scheme.type === "http" && scheme.scheme === "basic") basic = { user: names.credential(name, "username"), password: names.credential(name, "password") };
    else if (scheme.type === "http") headers.push({ name: "Authorization", value: [{ text: "Bearer " }, { env: names.credential(name) }] });
    else if (scheme.in === "cookie") headers.push({ name: "Cookie", value: [{ text: `${scheme.name}=` }, { env: names.credential(name) }] });
    else headers.push({ name: scheme.name, value: [{ env: names.credential(name) }] });
  }
  for (const [name, value] of parameterHeaders(shape)) headers.push({ name, value: [{ text: value }] });
  let body: WireCall["body"];
  if (shape.body) {
    const { mediaType, value } = shape.body;
    headers.push({ name: "Content-Type", value: [{ text: mediaType }] });
    if (mediaType === FORM) body = { mediaType, text: new URLSearchParams(formFields(value)).toString() };
    else if (typeof value === "string" && !/json/.test(mediaType)) body = { mediaType, text: value };
    else body = { mediaType, json: value, text: JSON.stringify(value, null, 2) };
  }
  return {
    method: shape.op.method.toUpperCase(),
    base: { env: names.baseEnv, ...(names.defaultUrl ? { default: names.defaultUrl } : {}) },
    target: requestTarget(meta, shape),
    headers,
    ...(basic ? { basic } : {}),
    ...(body ? { body } : {}),
    redirects: shape.op.responses.some((r) => /^3\d\d$/.test(r.status)),
    operationId: shape.op.operationId,
  };
}

const q = (text: string) => JSON.stringify(text);

// JavaScript: fetch (Node 18+, Deno, Bun, browsers), as an ES module (top-level await).
export function fetchSample(call: WireCall): string {
  const value = (parts: Part[]) =>
    parts.every((p) => "text" in p) ? q(parts.map((p) => (p as { text: string }).text).join("")) : `\`${parts.map((p) => ("text" in p ? p.text.replace(/[`\\$]/g, "\\$&") : `\${process.env.${p.env}}`)).join("")}\``;
  const headers = call.headers.map((h) => `    ${tsKey(h.name)}: ${value(h.value)},`);
  if (call.basic) headers.unshift(`    Authorization: \`Basic \${btoa(\`\${process.env.${call.basic.user}}:\${process.env.${call.basic.password}}\`)}\`,`);
  const init = [`  method: ${q(call.method)},`];
  if (headers.length > 0) init.push(`  headers: {\n${headers.join("\n")}\n  },`);
  if (call.body) init.push(call.body.json !== undefined ? `  body: JSON.stringify(${tsLiteral(call.body.json, "  ")}),` : `  body: ${q(call.body.text)},`);
  if (call.redirects) init.push(`  redirect: "manual",`);
  const base = call.base.default ? `process.env.${call.base.env} ?? ${q(call.base.default)}` : `process.env.${call.base.env}`;
  return `// JavaScript (Node 18+ or any runtime with fetch), as an ES module
const baseUrl = ${base};
const response = await fetch(\`\${baseUrl}${call.target.replace(/[`\\$]/g, "\\$&")}\`, {
${init.join("\n")}
});
console.log(response.status, await response.text());
`;
}

/** A JSON value as a Python literal. */
function pyLiteral(value: unknown, indent = ""): string {
  if (value === null) return "None";
  if (value === true) return "True";
  if (value === false) return "False";
  if (typeof value !== "object") return JSON.stringify(value);
  const inner = `${indent}    `;
  if (Array.isArray(value)) return value.length === 0 ? "[]" : `[\n${value.map((v) => `${inner}${pyLiteral(v, inner)},`).join("\n")}\n${indent}]`;
  const entries = Object.entries(value as Record<string, unknown>);
  return entries.length === 0 ? "{}" : `{\n${entries.map(([k, v]) => `${inner}${JSON.stringify(k)}: ${pyLiteral(v, inner)},`).join("\n")}\n${indent}}`;
}

// Python 3, standard library only.
export function pythonSample(call: WireCall): string {
  const value = (parts: Part[]) => parts.map((p) => ("text" in p ? q(p.text) : `os.environ[${q(p.env)}]`)).join(" + ");
  const headers = call.headers.map((h) => `        ${q(h.name)}: ${value(h.value)},`);
  const imports = ["os", "urllib.error", "urllib.request"];
  if (call.basic) {
    imports.unshift("base64");
    headers.unshift(`        "Authorization": "Basic " + base64.b64encode((os.environ[${q(call.basic.user)}] + ":" + os.environ[${q(call.basic.password)}]).encode()).decode(),`);
  }
  let data = "";
  if (call.body) {
    if (call.body.json !== undefined) {
      imports.unshift("json");
      data = `    data=json.dumps(${pyLiteral(call.body.json, "    ")}).encode(),\n`;
    } else data = `    data=${q(call.body.text)}.encode(),\n`;
  }
  const base = call.base.default ? `os.environ.get(${q(call.base.env)}, ${q(call.base.default)})` : `os.environ[${q(call.base.env)}]`;
  const noRedirect = call.redirects
    ? `

class NoRedirect(urllib.request.HTTPRedirectHandler):
    """Shows a redirect as the answer instead of following it."""

    def redirect_request(self, *args, **kwargs):
        return None
`
    : "";
  return `# Python 3, standard library only
${imports.sort().map((m) => `import ${m}`).join("\n")}
${noRedirect}
base_url = ${base}
request = urllib.request.Request(
    base_url + ${q(call.target)},
    method=${q(call.method)},
    headers={
${headers.join("\n")}
    },
${data})
try:
    with ${call.redirects ? "urllib.request.build_opener(NoRedirect).open" : "urllib.request.urlopen"}(request) as response:
        print(response.status, response.read().decode())
except urllib.error.HTTPError as error:
    print(error.code, error.read().decode())
`.replace("headers={\n\n    },", "headers={},");
}

// Go: net/http.
export function goSample(call: WireCall): string {
  const value = (parts: Part[]) => parts.map((p) => ("text" in p ? q(p.text) : `os.Getenv(${q(p.env)})`)).join("+");
  const lines: string[] = [];
  const base = call.base.default
    ? [`\tbaseURL := os.Getenv(${q(call.base.env)})`, `\tif baseURL == "" {`, `\t\tbaseURL = ${q(call.base.default)}`, `\t}`]
    : [`\tbaseURL := os.Getenv(${q(call.base.env)})`];
  lines.push(...base);
  let bodyArg = "nil";
  if (call.body) {
    const literal = call.body.text.includes("`") ? q(call.body.text) : `\`${call.body.text}\``;
    lines.push(`\tbody := strings.NewReader(${literal})`);
    bodyArg = "body";
  }
  lines.push(`\treq, err := http.NewRequest(${q(call.method)}, baseURL+${q(call.target)}, ${bodyArg})`, `\tif err != nil {`, `\t\tpanic(err)`, `\t}`);
  for (const h of call.headers) lines.push(`\treq.Header.Set(${q(h.name)}, ${value(h.value)})`);
  if (call.basic) lines.push(`\treq.SetBasicAuth(os.Getenv(${q(call.basic.user)}), os.Getenv(${q(call.basic.password)}))`);
  if (call.redirects) {
    lines.push(
      `\t// Show a redirect as the answer instead of following it.`,
      `\tclient := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}`,
    );
  }
  lines.push(
    `\tresp, err := ${call.redirects ? "client" : "http.DefaultClient"}.Do(req)`,
    `\tif err != nil {`,
    `\t\tpanic(err)`,
    `\t}`,
    `\tdefer resp.Body.Close()`,
    `\tdata, err := io.ReadAll(resp.Body)`,
    `\tif err != nil {`,
    `\t\tpanic(err)`,
    `\t}`,
    `\tfmt.Println(resp.StatusCode, string(data))`,
  );
  const imports = ["fmt", "io", "net/http", "os", ...(call.body ? ["strings"] : [])];
  return `// Go: net/http
package main

import (
${imports.map((i) => `\t${q(i)}`).join("\n")}
)

func main() {
${lines.join("\n")}
}
`;
}

const javaClass = (operationId: string) => operationId.replace(/[^A-Za-z0-9]+/g, " ").replace(/(^|\s)([a-z])/g, (_, __, c: string) => c.toUpperCase()).replace(/\s/g, "") || "Call";

/** A Java string: a text block for multi-line JSON (no backslash or triple quote in it), else a literal. */
function javaString(text: string, indent: string): string {
  if (text.includes("\n") && !text.includes("\\") && !text.includes('"""')) return `"""\n${text.split("\n").map((l) => `${indent}${l}`).join("\n")}"""`;
  return q(text);
}

// Java 15+: java.net.http (the default client follows no redirect).
export function javaSample(call: WireCall): string {
  const value = (parts: Part[]) => parts.map((p) => ("text" in p ? q(p.text) : `System.getenv(${q(p.env)})`)).join(" + ");
  const name = javaClass(call.operationId);
  const builder = [`        HttpRequest request = HttpRequest.newBuilder(URI.create(baseUrl + ${q(call.target)}))`];
  if (call.basic) {
    builder.push(
      `            .header("Authorization", "Basic " + Base64.getEncoder().encodeToString((System.getenv(${q(call.basic.user)}) + ":" + System.getenv(${q(call.basic.password)})).getBytes(StandardCharsets.UTF_8)))`,
    );
  }
  for (const h of call.headers) builder.push(`            .header(${q(h.name)}, ${value(h.value)})`);
  builder.push(
    `            .method(${q(call.method)}, ${call.body ? `HttpRequest.BodyPublishers.ofString(${javaString(call.body.text, "                ")})` : "HttpRequest.BodyPublishers.noBody()"})`,
    `            .build();`,
  );
  const imports = ["java.net.URI", "java.net.http.HttpClient", "java.net.http.HttpRequest", "java.net.http.HttpResponse", ...(call.basic ? ["java.nio.charset.StandardCharsets", "java.util.Base64"] : [])];
  const base = call.base.default ? `System.getenv().getOrDefault(${q(call.base.env)}, ${q(call.base.default)})` : `System.getenv(${q(call.base.env)})`;
  return `// Java 15+: java.net.http (run with: java ${name}.java)
${imports.map((i) => `import ${i};`).join("\n")}

public class ${name} {
    public static void main(String[] args) throws Exception {
        String baseUrl = ${base};
${builder.join("\n")}
        HttpResponse<String> response = HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString());
        System.out.println(response.statusCode() + " " + response.body());
    }
}
`;
}
