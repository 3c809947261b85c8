/**
 * The pieces of the reference site (scripts/lib/site/) on small synthetic documents, without a
 * browser: escaping and literals, anchors, examples, the search index, the landing and
 * assumptions pages, the extension blocks, the code samples and the Redoc page. The browser
 * suite (test/site/site.test.ts) checks the built site as a reader sees it.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse as parseYaml } from "yaml";
import { describe, expect, it } from "vitest";
import { listOperations } from "../runtime/core/router.js";
import { buildSite, buildSiteIfChanged } from "../scripts/lib/site.js";
import { assumptionIds, noteLead, operationAnchor } from "../scripts/lib/site/anchors.js";
import { assumptionsPage } from "../scripts/lib/site/assumptions-page.js";
import { codeSamples, credentialEnv, factoryName, landingExample, PACKAGE, SAMPLE_LABELS } from "../scripts/lib/site/code-samples.js";
import { firstExample } from "../runtime/openapi/examples.js";
import { exampleCall } from "../scripts/lib/example-requests.js";
import { operationTable } from "../runtime/openapi/operation-table.js";
import { renderExtensions } from "../scripts/lib/site/extensions.js";
import { breakable, displayTitle, navOf, html, page, scriptJson } from "../scripts/lib/site/html.js";
import { landingPage, purposeOf, regionsOf } from "../scripts/lib/site/landing-page.js";
import { shellExpand, shellQuote, tsInline, tsKey, tsLiteral } from "../scripts/lib/site/literals.js";
import { offlineRedocBundle, REDOC_BUNDLE } from "../scripts/lib/site/redoc.js";
import { contentSecurityPolicy, REFERENCE_SCRIPT, referencePage, siteDocument } from "../scripts/lib/site/reference-page.js";
import { allowedLinkTarget, proseOnly } from "../scripts/lib/site/prose.js";
import { searchEntries, searchIndexScript } from "../scripts/lib/site/search-index.js";
import { readServices } from "../scripts/lib/services.js";
import { bundledDocument } from "./harness/documents.js";
import { numberingReferences } from "./site/numbering.js";
import { readerText } from "../scripts/lib/site/seed-references.js";
import { tryitService } from "../scripts/lib/site/tryit-data.js";
import { createdId, Flow, itemOf } from "../runtime/tryit/flow.js";
import { appendCapped, keptText, MAX_HISTORY, MAX_HISTORY_CHARS, MAX_STATE_CHARS, readHistory, readKept, type History, type Sent } from "../runtime/tryit/saved.js";
import { copyAsTest } from "../runtime/tryit/copy-as-test.js";

const pets = { id: "pets-v3", document: "pets-v3.yaml", seed: "" };
const old = { id: "pets-v2", document: "pets-v2.yaml", seed: "" };
const NOTE = "Deleting is final: the interface document says nothing about restoring a deleted pet.";

/** A document with each kind of operation, credential, parameter and extension the site renders. */
function petDoc(): Record<string, any> {
  return {
    openapi: "3.1.0",
    info: {
      title: "Pet store",
      version: "3",
      description: "**Deprecated** soon.\n\nKeeps [pets](pets-v2.yaml) `safe`: with care.\n\nSee `x-audit-events` (`x-audit-events`), `x-unknown` (`x-unknown`).",
    },
    servers: [{ url: "https://{region}.pets.example.com/v{major}", "x-name": "public", variables: { region: { default: "eu-1", enum: ["eu-1", "us-2"] }, major: { default: "3" } } }],
    security: [{ bearer: [] }],
    "x-client": { bind: ["store"] },
    "x-rate-limit": { description: "100 per minute" },
    "x-retry-policy": { maxAttempts: 3, backoffMs: 200, maxWaitMs: 5000 },
    "x-audit-event-renames": { "pets.old": "pets.new", "pets.gone": "pets.removed" },
    paths: {
      "/stores/{store}/pets": {
        parameters: [{ name: "store", in: "path", required: true, schema: { type: "string" }, example: "main" }],
        get: {
          operationId: "listPets",
          summary: "List pets",
          parameters: [
            { name: "limit", in: "query", required: true, schema: { type: "integer", default: 10 } },
            { name: "kind", in: "query", schema: { type: "string" } },
          ],
          responses: { "200": { description: "ok", content: { "application/json": { schema: { $ref: "#/components/schemas/PetList" } } } } },
        },
        post: {
          operationId: "addPet",
          security: [{ basic: [] }],
          "x-iam-action": "pets.add",
          "x-audit-events": ["pets.added", "pets.changed"],
          requestBody: { required: true, content: { "application/json": { schema: { $ref: "#/components/schemas/Pet" }, examples: { rex: { value: { name: "Rex", "tag-id": 7 } } } } } },
          responses: { "201": { description: "made" } },
        },
      },
      "/stores/{store}/pets/{pet}": {
        "x-assumed": "Pet ids are opaque: the interface document shows none of them in full.",
        delete: {
          operationId: "deletePet",
          description: "Removes a pet (`x-iam-action`).",
          deprecated: true,
          security: [{ apiKey: [], session: [] }, { bearer: [] }],
          "x-validity-seconds": 60,
          "x-rate-limit": { limit: 5 },
          "x-assumed": NOTE,
          parameters: [
            { name: "store", in: "path", required: true, schema: { type: "string" }, example: "second" },
            { name: "pet", in: "path", required: true, schema: { type: "string", enum: ["a b/c"] } },
            { name: "X-Request", in: "header", required: true, example: "r'1" },
            { name: "trace", in: "cookie", required: true, schema: { default: "t1" } },
            { name: "lang", in: "cookie", required: true, examples: { en: { value: "en" } } },
          ],
          responses: { "204": { description: "gone" } },
        },
      },
      "/token": {
        post: {
          operationId: "token",
          security: [],
          requestBody: { content: { "application/x-www-form-urlencoded": { example: { grant_type: "password", scope: ["a", "b"], extra: { x: 1 } } } } },
          responses: { "200": { description: "ok" } },
        },
      },
      "/notes": {
        put: {
          operationId: "putNote",
          security: [{}],
          parameters: [{ name: "tags", in: "query", required: true, explode: false, example: ["x", "y z"] }],
          requestBody: { content: { "text/plain": { example: "it's text" } } },
          responses: { "200": { description: "ok" } },
        },
      },
      "/ping": { head: { operationId: "ping", security: [{ cookieAuth: [] }], responses: { "200": { description: "ok" } } } },
    },
    components: {
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer" },
        basic: { type: "http", scheme: "basic" },
        apiKey: { type: "apiKey", in: "header", name: "X-Api-Key" },
        session: { type: "apiKey", in: "cookie", name: "sid" },
        cookieAuth: { type: "apiKey", in: "cookie", name: "ck" },
      },
      schemas: {
        Pet: {
          type: "object",
          description: "A pet (`x-client.bind`) for `x-client.bind`.",
          example: { description: "`x-iam-action` stays in an example" },
          properties: { name: { type: "string" }, owner: { $ref: "#/components/schemas/Owner" } },
        },
        Owner: { type: "object", properties: { email: { type: "string" }, pets: { type: "array", items: { $ref: "#/components/schemas/Pet" } } }, "x-assumed": "Owners have one email: the interface document lists only one." },
        PetList: {
          type: "object",
          properties: {
            items: { type: "array", items: { $ref: "#/components/schemas/Pet" } },
            meta: { allOf: [{ properties: { total: { type: "integer" } } }], patternProperties: { "^x-": { properties: { ext: {} } } } },
            extra: { additionalProperties: { properties: { note: {} } } },
          },
        },
      },
    },
  };
}

describe("html", () => {
  it("escapes markup, breaks paths after slashes, keeps JSON inside a script element", () => {
    expect(html(`<a href="x">&'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&amp;'&lt;/a&gt;");
    expect(breakable("/a/<b>")).toBe("/<wbr>a/<wbr>&lt;b&gt;");
    expect(scriptJson({ s: "</script><script>" })).toBe('{"s":"\\u003c/script>\\u003cscript>"}');
  });

  it("names the API version from the title or the registry id, never the document version; drops a (deprecated) tag", () => {
    expect(displayTitle({ title: "Key management" }, "billing-v2")).toBe("Key management v2");
    expect(displayTitle({ title: "Identity service v3 (deprecated)" }, "accounts-v3")).toBe("Identity service v3");
    expect(displayTitle({ title: "Identity service v3 (Deprecated) " }, "accounts-v3")).toBe("Identity service v3");
    expect(displayTitle({ title: "Notification routing service" }, "alerts-v1")).toBe("Notification routing service v1");
    expect(displayTitle({ title: "Subscription gadget" }, "gadget")).toBe("Subscription gadget");
    expect(displayTitle({ title: "Metrics v12" }, "gauges-v1")).toBe("Metrics v12");
    expect(displayTitle({ title: "Metricsv1" }, "gauges-v1")).toBe("Metricsv1 v1");
    expect(displayTitle({ title: "Pets" }, "pets-v10x")).toBe("Pets");
  });

  it("wraps a body in the page shell with the site's or the extension block's style", () => {
    const site = page("A & B", "<p>body</p>", "<meta name=x>");
    expect(site).toBe(
      `<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<meta name="viewport" content="width=device-width, initial-scale=1">\n<title>A &amp; B</title>\n<link rel="icon" href="data:,">\n<style>${/<style>([\s\S]*?)<\/style>/.exec(site)![1]}</style>\n<meta name=x>\n</head>\n<body>\n<p>body</p>\n</body>\n</html>\n`,
    );
    expect(site).toContain("box-sizing: border-box;");
    expect(site).toContain(".badge.deprecated { color: #9a6700;");
    expect(site).not.toContain(".ext-block");
    const redoc = page("R", "", "", "redoc");
    expect(redoc).toContain(".ext-block { border: 1px solid #d0d7de;");
    expect(redoc).toContain("@media (max-width: 600px) { .ext-block dl { grid-template-columns: 1fr; }");
    expect(redoc).not.toContain(".badge");
  });
});

describe("literals", () => {
  it("writes values as TypeScript, keys bare where they are identifiers", () => {
    expect(tsKey("a_1$")).toBe("a_1$");
    expect(tsKey("1a")).toBe('"1a"');
    expect(tsKey("a-b")).toBe('"a-b"');
    expect(tsKey("ab c")).toBe('"ab c"');
    expect(tsLiteral("x")).toBe('"x"');
    expect(tsLiteral(null)).toBe("null");
    expect(tsLiteral(undefined)).toBe("undefined");
    expect(tsLiteral([])).toBe("[]");
    expect(tsLiteral({})).toBe("{}");
    expect(tsLiteral([1, "a", null])).toBe('[1, "a", null]');
    expect(tsLiteral({ a: 1, "b-c": [{ d: true }], e: { f: [] } })).toBe('{\n  a: 1,\n  "b-c": [\n    {\n      d: true,\n    },\n  ],\n  e: {\n    f: [],\n  },\n}');
    expect(tsLiteral([[1]], "  ")).toBe("[\n    [1],\n  ]");
    expect(tsLiteral([1, { a: 1 }])).toBe("[\n  1,\n  {\n    a: 1,\n  },\n]");
  });

  it("writes one-line literals for the landing page", () => {
    expect(tsInline({ a: 1, "b-c": "x", d: [1, { e: null }], f: {} })).toBe('{ a: 1, "b-c": "x", d: [1, { e: null }], f: {} }');
    expect(tsInline(undefined)).toBe("undefined");
    expect(tsInline([])).toBe("[]");
  });

  it("quotes shell words, expanding only the named variables", () => {
    expect(shellQuote("https://a.example.com/x?y=1,2@%+:")).toBe("'https://a.example.com/x?y=1,2@%+:'");
    expect(shellQuote("https://a.example.com/x_y-1.2,3@%+=:")).toBe("https://a.example.com/x_y-1.2,3@%+=:");
    expect(shellQuote("it's")).toBe("'it'\\''s'");
    expect(shellQuote("a b")).toBe("'a b'");
    expect(shellQuote("")).toBe("''");
    expect(shellExpand('Authorization: Bearer $TOKEN "x" `y` \\ $OTHER $TOKENS', ["TOKEN"])).toBe('"Authorization: Bearer $TOKEN \\"x\\" \\`y\\` \\\\ \\$OTHER $TOKENS"');
    expect(shellExpand("$A:$B", ["A", "B"])).toBe('"$A:$B"');
  });
});

describe("anchors", () => {
  it("derives readable, unique row ids from pointers", () => {
    const a = (pointer: string) => ({ pointer, note: "n" });
    expect(assumptionIds("billing-v2", [a("#/paths/~1keys~1{id}/get"), a("#/paths/~1keys~1{id}/get"), a("#/paths/~1keys~1{id}/get"), a("#/"), a("#/x~0y"), a("#/-a-")])).toEqual([
      "billing-v2--paths-keys-id-get",
      "billing-v2--paths-keys-id-get-2",
      "billing-v2--paths-keys-id-get-3",
      "billing-v2--root",
      "billing-v2--x-y",
      "billing-v2--a",
    ]);
    expect(operationAnchor("billing-v2", "a b/c")).toBe("billing-v2.html#operation/a%20b%2Fc");
    expect(assumptionIds("s", [a("#/paths/~1a~1b"), a("#/x/a~0b")])).toEqual(["s--paths-a-b", "s--x-a-b"]);
  });

  it("shortens a note to its lead, cutting a long one at a word", () => {
    expect(noteLead("Host chosen: because")).toBe("Host chosen");
    expect(noteLead("a:b: c")).toBe("a:b");
    expect(noteLead("no colon")).toBe("no colon");
    const long = `${"word ".repeat(27)}tail ends here`;
    expect(long.length).toBeGreaterThan(140);
    expect(noteLead(long)).toBe(`${"word ".repeat(27).trim()}…`);
    const exact = "x".repeat(140);
    expect(noteLead(exact)).toBe(exact);
    expect(noteLead("y".repeat(141))).toBe(`${"y".repeat(137)}…`);
    expect(noteLead(`${"x".repeat(130)}  ${"y".repeat(20)}`)).toBe(`${"x".repeat(130)}…`);
  });
});

describe("examples", () => {
  const doc = { components: { examples: { E: { value: "from-ref" } }, schemas: { S: { examples: ["s1"], example: "s2" } } } };
  it("takes the first example in OpenAPI's order of precedence", () => {
    expect(firstExample(doc, undefined)).toEqual({ found: false });
    expect(firstExample(doc, { example: 0, examples: { a: { value: 1 } } })).toEqual({ found: true, value: 0 });
    expect(firstExample(doc, { examples: { a: { $ref: "#/components/examples/E" } }, schema: { example: "s" } })).toEqual({ found: true, value: "from-ref" });
    expect(firstExample(doc, { examples: { a: { summary: "no value" } }, schema: { example: "s" } })).toEqual({ found: true, value: "s" });
    expect(firstExample(doc, { examples: {}, schema: { default: "d" } })).toEqual({ found: true, value: "d" });
    expect(firstExample(doc, { schema: { $ref: "#/components/schemas/S" } })).toEqual({ found: true, value: "s1" });
    expect(firstExample(doc, { schema: { examples: [], example: "e" } })).toEqual({ found: true, value: "e" });
    expect(firstExample(doc, { schema: { example: null } })).toEqual({ found: true, value: null });
    expect(firstExample(doc, { schema: { default: false, enum: ["x"] } })).toEqual({ found: true, value: false });
    expect(firstExample(doc, { schema: { enum: ["x", "y"] } })).toEqual({ found: true, value: "x" });
    expect(firstExample(doc, { schema: { enum: [] } })).toEqual({ found: false });
    expect(firstExample(doc, { schema: { examples: "x" } })).toEqual({ found: false });
    expect(firstExample(doc, { schema: {} })).toEqual({ found: false });
    // A schema itself (its `examples` is a list), as in a 3.1 parameter schema.
    expect(firstExample(doc, { examples: ["direct"] })).toEqual({ found: true, value: "direct" });
    expect(firstExample(doc, { examples: [] , enum: ["e"] })).toEqual({ found: true, value: "e" });
  });

  it("names a parameter without an example, and needs an example for a request body", () => {
    const call = (operation: object, components: object = doc.components) => {
      const d = { components, paths: { "/a": { post: { operationId: "make", ...operation } } } };
      return exampleCall(d, operationTable(d).operations[0]!, {});
    };
    expect(call({ parameters: [{ name: "id", in: "query", required: true, schema: { type: "string" } }] }).params.query).toEqual({ id: "<id>" });
    expect(call({ parameters: [{ name: "id", in: "query", required: true, example: "" }] }).params.query).toEqual({ id: "" });
    expect(call({}).body).toBeUndefined();
    expect(call({ requestBody: { content: {} } }).body).toBeUndefined();
    expect(call({ requestBody: {} }).body).toBeUndefined();
    expect(call({ requestBody: { $ref: "#/components/requestBodies/B" } }, { requestBodies: { B: { content: { "a/b": { example: 1 }, "c/d": { example: 2 } } } } }).body).toEqual({
      mediaType: "a/b",
      value: 1,
    });
    expect(() => call({ requestBody: { content: { "application/json": { schema: { type: "object" } } } } })).toThrow(
      "POST /a (make): request body application/json has no example to build code samples from",
    );
  });
});

describe("search index", () => {
  it("has one entry per operation with its parameters and the nested field names of its bodies", () => {
    const entries = searchEntries([{ service: pets, doc: petDoc() }]);
    expect(entries.map((e) => `${e.method} ${e.path}`)).toEqual(["GET /stores/{store}/pets", "POST /stores/{store}/pets", "DELETE /stores/{store}/pets/{pet}", "POST /token", "PUT /notes", "HEAD /ping"]);
    expect(entries[0]).toEqual({
      service: "pets-v3",
      title: "Pet store v3",
      operationId: "listPets",
      method: "GET",
      path: "/stores/{store}/pets",
      summary: "List pets",
      parameters: ["store", "limit", "kind"],
      fields: ["email", "ext", "extra", "items", "meta", "name", "note", "owner", "pets", "total"],
      href: "pets-v3.html#operation/listPets",
      deprecated: false,
    });
    expect(entries[1]).toMatchObject({ summary: "", fields: ["email", "name", "owner", "pets"], deprecated: false });
    expect(entries[2]).toMatchObject({ deprecated: true, fields: [], parameters: ["store", "pet", "X-Request", "trace", "lang"] });
    const retired = petDoc();
    retired.info["x-deprecated"] = { deprecated: true };
    expect(searchEntries([{ service: pets, doc: retired }]).every((e) => e.deprecated)).toBe(true);
  });

  it("follows the nested schema keywords and lists", () => {
    const doc = {
      info: { title: "T", version: "1" },
      paths: {
        "/a": {
          post: {
            operationId: "a",
            requestBody: {
              content: {
                "application/json": {
                  schema: {
                    items: { properties: { i: {} } },
                    not: { properties: { n: {} } },
                    if: { properties: { f: {} } },
                    then: { properties: { t: {} } },
                    else: { properties: { e: {} } },
                    contentSchema: { properties: { c: {} } },
                    unevaluatedItems: { properties: { ui: {} } },
                    unevaluatedProperties: { properties: { up: {} } },
                    anyOf: [{ properties: { any: {} } }],
                    oneOf: [{ properties: { one: {} } }],
                    prefixItems: [{ properties: { pre: {} } }],
                    additionalProperties: true,
                  },
                },
                "text/plain": {},
              },
            },
            responses: { "200": { $ref: "#/r" }, "204": { description: "none" } },
          },
        },
      },
      r: { content: { "application/json": { schema: { properties: { r: { type: "string" } } } } } },
    };
    expect(searchEntries([{ service: pets, doc }])[0]!.fields).toEqual(["any", "c", "e", "f", "i", "n", "one", "pre", "r", "t", "ui", "up"]);
  });

  it("is written as a script that defines a global, unable to close its element", () => {
    const entries = searchEntries([{ service: pets, doc: petDoc() }]);
    entries[0]!.summary = "</script>";
    const script = searchIndexScript(entries);
    expect(script.startsWith("window.SEARCH_INDEX = [")).toBe(true);
    expect(script.endsWith("];\n")).toBe(true);
    expect(script).not.toContain("</script>");
    expect(JSON.parse(script.slice("window.SEARCH_INDEX = ".length, -2))).toEqual(entries);
  });
});

describe("code samples", () => {
  const samples = () => codeSamples("pets-v3", petDoc());
  const source = (operationId: string, label: string) => samples().get(operationId)!.find((s) => s.label === label)!.source;

  it("names secrets after the service and the scheme", () => {
    expect(credentialEnv("billing-v2", "bearerAuth")).toBe("BILLING_V2_BEARER_AUTH");
    expect(credentialEnv("accounts-v4", "basicAuth", "password")).toBe("ACCOUNTS_V4_BASIC_AUTH_PASSWORD");
    expect(credentialEnv("a", "apiKey2x", "username")).toBe("A_API_KEY2X_USERNAME");
    expect(factoryName("billing-v2")).toBe("createBillingV2Client");
    expect(credentialEnv("svc--v2", "x")).toBe("SVC_V2_X");
    expect(PACKAGE).toBe("cloud-interfaces");
    expect(SAMPLE_LABELS).toEqual({ typescript: "TypeScript", curl: "curl", fetch: "JavaScript", python: "Python", go: "Go", java: "Java", mock: "Mock" });
  });

  it("gives every operation a TypeScript, a curl, a fetch, a Python, a Go, a Java and a mock sample", () => {
    const all = samples();
    expect([...all.keys()]).toEqual(["listPets", "addPet", "deletePet", "token", "putNote", "ping"]);
    for (const list of all.values()) {
      expect(list.map((s) => [s.lang, s.label])).toEqual([
        ["TypeScript", "TypeScript"],
        ["Shell", "curl"],
        ["JavaScript", "JavaScript"],
        ["Python", "Python"],
        ["Go", "Go"],
        ["Java", "Java"],
        ["TypeScript", "Mock"],
      ]);
    }
  });

  it("TypeScript: region, credentials from the environment, bound parameters, then the call", () => {
    expect(source("listPets", "TypeScript")).toBe(`import { createPetsV3Client } from "cloud-interfaces/pets-v3";

const client = createPetsV3Client({
  region: "eu-1",
  credentials: { bearer: process.env.PETS_V3_BEARER! },
  bind: { store: "main" },
});

const { data, error, response } = await client.GET("/stores/{store}/pets", {
  params: {
    query: {
      limit: 10,
    },
  },
});
console.log(response.status, data ?? error);
`);
    expect(source("addPet", "TypeScript")).toContain(
      `  credentials: { basic: { username: process.env.PETS_V3_BASIC_USERNAME!, password: process.env.PETS_V3_BASIC_PASSWORD! } },\n`,
    );
    expect(source("addPet", "TypeScript")).toContain(`await client.POST("/stores/{store}/pets", {\n  body: {\n    name: "Rex",\n    "tag-id": 7,\n  },\n});\n`);
    expect(source("deletePet", "TypeScript")).toContain(`  credentials: { apiKey: process.env.PETS_V3_API_KEY!, session: process.env.PETS_V3_SESSION! },\n`);
    expect(source("deletePet", "TypeScript")).toContain(
      `await client.DELETE("/stores/{store}/pets/{pet}", {\n  params: {\n    path: {\n      pet: "a b/c",\n    },\n    header: {\n      "X-Request": "r'1",\n    },\n    cookie: {\n      trace: "t1",\n      lang: "en",\n    },\n  },\n});`,
    );
    expect(source("token", "TypeScript")).not.toContain("credentials");
    expect(source("ping", "TypeScript")).toContain('const { data, error, response } = await client.HEAD("/ping");\n');
  });

  it("bound header parameters go into curl as headers; a bound name in another location is not bound", () => {
    const doc = {
      servers: [{ url: "https://a.example.com" }],
      "x-client": { bind: ["X-Tenant"] },
      paths: {
        "/a": {
          get: {
            operationId: "a",
            parameters: [
              { name: "X-Tenant", in: "query", required: true, example: "q" },
              { name: "X-Tenant", in: "header", required: true, example: "t-1" },
            ],
          },
        },
      },
    };
    const [ts, curl] = codeSamples("a", doc).get("a")!;
    expect(curl!.source).toBe("curl 'https://a.example.com/a?X-Tenant=q' \\\n  -H 'X-Tenant: t-1'\n");
    expect(ts!.source).toContain('  bind: { "X-Tenant": "t-1" },\n');
  });

  it("a bound parameter's example comes from the first operation that has it", () => {
    const doc = {
      servers: [{ url: "https://a.example.com" }],
      "x-client": { bind: ["id"] },
      paths: {
        "/a/{other}": { get: { operationId: "a", parameters: [{ name: "other", in: "path", required: true, example: "not the id" }] } },
        "/b/{id}": { get: { operationId: "b", parameters: [{ name: "id", in: "path", required: true, example: "first" }] } },
        "/c/{id}": { get: { operationId: "c", parameters: [{ name: "id", in: "path", required: true, example: "second" }] } },
        "/d/{other}/{id}": { get: { operationId: "d", parameters: [{ name: "other", in: "path", required: true, example: "o" }, { name: "id", in: "path", required: true, example: "third" }] } },
      },
    };
    expect(codeSamples("a", doc).get("c")![1]!.source).toBe("curl https://a.example.com/c/first\n");
    expect(codeSamples("a", doc).get("d")![1]!.source).toBe("curl https://a.example.com/d/o/first\n");
    expect(landingExample("a", doc).split("\n")[1]).toBe('const client = createAClient({ bind: { id: "first" } });');
  });

  it("a service with no region, scheme or bind creates its client without options", () => {
    const doc = { servers: [{ url: "https://a.example.com" }], paths: { "/a": { get: { operationId: "a", responses: {} } } } };
    const list = codeSamples("a", doc).get("a")!;
    const [ts, curl] = list;
    const mock = list.find((s) => s.label === SAMPLE_LABELS.mock);
    expect(ts!.source).toContain("const client = createAClient();\n");
    expect(curl!.source).toBe("curl https://a.example.com/a\n");
    expect(mock!.source).toContain("const client = createAClient({\n  baseUrl: mock.url,\n});\n");
    expect(landingExample("a", doc)).toBe('import { createAClient } from "cloud-interfaces/a";\nconst client = createAClient();\nconst { data, error } = await client.GET("/a");');
    expect(() => codeSamples("a", { paths: doc.paths })).toThrow("a: no server to build samples against");
  });

  it("curl: the URL with the server's defaults, credentials as variables, headers, cookies and the body", () => {
    expect(source("listPets", "curl")).toBe(`curl 'https://eu-1.pets.example.com/v3/stores/main/pets?limit=10' \\
  -H "Authorization: Bearer $PETS_V3_BEARER"
`);
    expect(source("addPet", "curl")).toBe(`curl -X POST https://eu-1.pets.example.com/v3/stores/main/pets \\
  -u "$PETS_V3_BASIC_USERNAME:$PETS_V3_BASIC_PASSWORD" \\
  -H 'Content-Type: application/json' \\
  --data-raw '{
  "name": "Rex",
  "tag-id": 7
}'
`);
    expect(source("deletePet", "curl")).toBe(`curl -X DELETE https://eu-1.pets.example.com/v3/stores/main/pets/a%20b%2Fc \\
  -H "X-Api-Key: $PETS_V3_API_KEY" \\
  -H "Cookie: sid=$PETS_V3_SESSION" \\
  -H 'X-Request: r'\\''1' \\
  -H 'Cookie: trace=t1; lang=en'
`);
    expect(source("token", "curl")).toBe(`curl -X POST https://eu-1.pets.example.com/v3/token \\
  -H 'Content-Type: application/x-www-form-urlencoded' \\
  --data-urlencode grant_type=password \\
  --data-urlencode scope=a \\
  --data-urlencode scope=b \\
  --data-urlencode 'extra={"x":1}'
`);
    expect(source("putNote", "curl")).toBe(`curl -X PUT 'https://eu-1.pets.example.com/v3/notes?tags=x,y%20z' \\
  -H 'Content-Type: text/plain' \\
  --data-raw 'it'\\''s text'
`);
    expect(source("ping", "curl")).toBe(`curl --head https://eu-1.pets.example.com/v3/ping \\
  -H "Cookie: ck=$PETS_V3_COOKIE_AUTH"
`);
  });

  it("curl: a path parameter without any example stays a placeholder; a form example must be an object", () => {
    const doc = (body: unknown) => ({
      servers: [{ url: "https://a.example.com" }],
      paths: {
        "/a/{id}": {
          post: {
            operationId: "a",
            parameters: [{ name: "id", in: "path", required: true }],
            requestBody: { content: { "application/x-www-form-urlencoded": { example: body } } },
            responses: {},
          },
        },
      },
    });
    expect(codeSamples("a", doc({ k: "v" })).get("a")![1]!.source).toContain("curl -X POST https://a.example.com/a/%3Cid%3E \\\n");
    expect(() => codeSamples("a", doc("k=v"))).toThrow('form body example must be an object, got "k=v"');
    expect(() => codeSamples("a", doc(null))).toThrow("form body example must be an object, got null");
  });

  it("mock: the same call against a local mock, with credentials the mock accepts", () => {
    expect(source("listPets", "Mock")).toBe(`// A local mock that answers with the documented examples (or from a shell: npx cloud-interfaces mock pets-v3)
import { startMock } from "cloud-interfaces/mock";
import { createPetsV3Client } from "cloud-interfaces/pets-v3";

const mock = await startMock("pets-v3");
const client = createPetsV3Client({
  baseUrl: mock.url,
  credentials: { bearer: "mock-token" },
  bind: { store: "main" },
});

const { data, error, response } = await client.GET("/stores/{store}/pets", {
  params: {
    query: {
      limit: 10,
    },
  },
});
console.log(response.status, data ?? error);
await mock.close();
`);
    expect(source("addPet", "Mock")).toContain('  credentials: { basic: { username: "client-id", password: "client-secret" } },\n');
    // The session cookie scheme takes the example of no parameter (there is none named sid): a placeholder.
    expect(source("deletePet", "Mock")).toContain('  credentials: { apiKey: "mock-header", session: "mock-cookie" },\n');
    expect(source("token", "Mock")).toContain("const client = createPetsV3Client({\n  baseUrl: mock.url,\n  bind: { store: \"main\" },\n});");
    const doc = petDoc();
    doc.paths["/ping"].head.parameters = [{ name: "ck", in: "header", example: "wrong place" }, { name: "CK", in: "cookie", example: "ck-1" }];
    expect(codeSamples("pets-v3", doc).get("ping")!.find((s) => s.label === SAMPLE_LABELS.mock)!.source).toContain('  credentials: { cookieAuth: "ck-1" },\n');
  });

  it("the landing page shows the simplest call of the service", () => {
    expect(landingExample("pets-v3", petDoc())).toBe(
      'import { createPetsV3Client } from "cloud-interfaces/pets-v3";\n' +
        'const client = createPetsV3Client({ region: "eu-1", credentials: { bearer: process.env.PETS_V3_BEARER! }, bind: { store: "main" } });\n' +
        'const { data, error } = await client.GET("/stores/{store}/pets", { params: { query: { limit: 10 } } });',
    );
    // A GET with more parameters still beats a write; among writes the one without a body wins.
    const doc = petDoc();
    delete doc.paths["/stores/{store}/pets"].get;
    delete doc.paths["/ping"];
    expect(landingExample("pets-v3", doc).split("\n")[2]).toBe('const { data, error } = await client.DELETE("/stores/{store}/pets/{pet}", { params: { path: { pet: "a b/c" }, header: { "X-Request": "r\'1" }, cookie: { trace: "t1", lang: "en" } } });');
    expect(landingExample("pets-v3", doc).split("\n")[1]).toBe(
      'const client = createPetsV3Client({ region: "eu-1", credentials: { apiKey: process.env.PETS_V3_API_KEY!, session: process.env.PETS_V3_SESSION! }, bind: { store: "main" } });',
    );
    const ties = {
      servers: [{ url: "https://a.example.com" }],
      paths: { "/b": { get: { operationId: "b", parameters: [{ name: "q", in: "query", required: true, example: 1 }] } }, "/a": { get: { operationId: "a" } }, "/c": { get: { operationId: "c" } } },
    };
    expect(landingExample("a", ties).split("\n")[2]).toBe('const { data, error } = await client.GET("/a");');
  });
});

describe("extension blocks", () => {
  const rendered = () => renderExtensions(petDoc(), pets, [pets, old]);

  it("leave the input document untouched", () => {
    const doc = petDoc();
    renderExtensions(doc, pets, [pets]);
    expect(doc).toEqual(petDoc());
  });

  it("render security, deprecation, IAM action, audit events, rate limit, validity and assumptions per operation", () => {
    const ops = Object.fromEntries(listOperations(rendered()).map((o) => [o.operation.operationId, o.operation.description]));
    expect(ops.listPets).toBe('\n\n<div class="ext-block"><dl><dt>Security</dt><dd>bearer</dd><dt>Rate limit</dt><dd>100 per minute</dd></dl></div>\n');
    expect(ops.addPet).toBe(
      '\n\n<div class="ext-block"><dl><dt>Security</dt><dd>basic</dd><dt>IAM action</dt><dd><code>pets.add</code></dd><dt>Audit events</dt><dd><code>pets.added</code>, <code>pets.changed</code></dd><dt>Rate limit</dt><dd>100 per minute</dd></dl></div>\n',
    );
    expect(ops.deletePet).toBe(
      "Removes a pet." +
        '\n\n<div class="ext-block deprecated"><dl><dt>Security</dt><dd>apiKey + session or bearer</dd>' +
        "<dt>Deprecated</dt><dd>yes: this operation will be removed; see its description for the replacement</dd>" +
        '<dt>Rate limit</dt><dd>{&quot;limit&quot;:5}</dd><dt>Valid for</dt><dd>60 seconds</dd>' +
        '<dt>Assumptions (2)</dt><dd><ul><li><a href="assumptions.html#pets-v3--paths-stores-store-pets-pet">Pet ids are opaque</a></li>' +
        `<li><a href="assumptions.html#pets-v3--paths-stores-store-pets-pet-delete">Deleting is final</a></li></ul></dd></dl></div>\n`,
    );
    expect(ops.token).toBe('\n\n<div class="ext-block"><dl><dt>Security</dt><dd>none (unprotected)</dd><dt>Rate limit</dt><dd>100 per minute</dd></dl></div>\n');
    expect(ops.putNote).toContain("<dt>Security</dt><dd>none</dd>");
    const zero = petDoc();
    zero.paths["/ping"].head["x-validity-seconds"] = 0;
    delete zero["x-rate-limit"];
    const ping = listOperations(renderExtensions(zero, pets, [pets])).find((o) => o.operation.operationId === "ping")!.operation.description;
    expect(ping).toBe('\n\n<div class="ext-block"><dl><dt>Security</dt><dd>cookieAuth</dd><dt>Valid for</dt><dd>0 seconds</dd></dl></div>\n');
  });

  it("render the document's block: downloads, rate limit, retry policy, renames, shared assumptions; links go to site pages", () => {
    const description = rendered().info.description as string;
    const [prose, block] = description.split("\n\n<div");
    expect(description.startsWith("**Deprecated** soon.\n\nKeeps [pets](pets-v2.html) `safe`: with care.\n\nSee *audit events*, `x-unknown` (`x-unknown`).")).toBe(true);
    expect(prose).toBeDefined();
    expect(`<div${block}`).toBe(
      '<div class="ext-block"><dl><dt>Document version</dt><dd>3 <span class="ext-note">(the version of this description, not of the API)</span></dd><dt>Bundled document</dt><dd><a href="openapi/pets-v3.json" download="pets-v3.openapi.json">pets-v3.openapi.json</a> · <a href="openapi/pets-v3.yaml" download="pets-v3.openapi.yaml">pets-v3.openapi.yaml</a></dd>' +
        "<dt>Rate limit</dt><dd>100 per minute</dd>" +
        "<dt>Retry policy</dt><dd>3 attempts in all; 200 ms doubling without Retry-After; no single wait over 5000 ms</dd>" +
        '<dt>Audit event renames</dt><dd><table class="audit-renames"><thead><tr><th>Old</th><th>New</th></tr></thead><tbody><tr><td><code>pets.old</code></td><td><code>pets.new</code></td></tr><tr><td><code>pets.gone</code></td><td><code>pets.removed</code></td></tr></tbody></table></dd>' +
        '<dt>Assumptions</dt><dd><details><summary>1 in servers, security schemes and shared components (<a href="assumptions.html#pets-v3">all 3</a>)</summary><ul><li><a href="assumptions.html#pets-v3--components-schemas-Owner">Owners have one email</a></li></ul></details></dd></dl></div>\n',
    );
  });

  it("a deprecated document names its successor; descriptions in schemas are rewritten, examples are not", () => {
    const doc = petDoc();
    doc.info["x-deprecated"] = { deprecated: true, description: "Retired <soon>.", successor: "pets-v2" };
    const copy = renderExtensions(doc, pets, [pets, old]);
    expect(copy.info.description).toContain('<div class="ext-block deprecated"><dl>');
    expect(copy.info.description).toContain('<dt>Deprecated</dt><dd>Retired &lt;soon&gt;. Successor: <a href="pets-v2.html">pets-v2</a>.</dd>');
    doc.info["x-deprecated"] = { deprecated: true, successor: "gone" };
    expect(renderExtensions(doc, pets, [pets]).info.description).toContain("<dt>Deprecated</dt><dd>yes</dd>");
    expect(copy.components.schemas.Pet.description).toBe("A pet for *`bind` option of the client*.");
    expect(copy.components.schemas.Pet.example).toEqual({ description: "`x-iam-action` stays in an example" });
    const minimal = renderExtensions({ info: { title: "M", version: "1" }, paths: {} }, pets, [pets]);
    expect(minimal.info.description).toBe(
      '\n\n<div class="ext-block"><dl><dt>Document version</dt><dd>1 <span class="ext-note">(the version of this description, not of the API)</span></dd><dt>Bundled document</dt><dd><a href="openapi/pets-v3.json" download="pets-v3.openapi.json">pets-v3.openapi.json</a> · <a href="openapi/pets-v3.yaml" download="pets-v3.openapi.yaml">pets-v3.openapi.yaml</a></dd></dl></div>\n',
    );
    // Redoc's "title (version)" and "License:" lines are replaced by the block's rows.
    expect(minimal.info).toMatchObject({ title: "M v3", version: "" });
    const licensed = renderExtensions({ info: { title: "M", version: "1", license: { name: "Proprietary", identifier: "LicenseRef-P" }, "x-source": "Interface document 9, part Z." }, paths: {} }, pets, [pets]);
    expect(licensed.info.license).toBeUndefined();
    expect(licensed.info.description).toContain(
      "<dt>Service licence</dt><dd>Proprietary (<code>LicenseRef-P</code>): the terms of the service this document describes. The cloud-interfaces package (clients, mocks, this site) is licensed MIT.</dd></dl>",
    );
  });

  it("rewrites each known extension name in prose, leaving unknown ones and code samples", () => {
    const names = ["x-assumed", "x-iam-action", "x-rate-limit", "x-validity-seconds", "x-deprecated", "x-audit-event-renames", "x-value-pattern", "x-retry", "x-retry-policy", "x-pagination", "x-mock-schema", "x-client"];
    const doc = {
      info: { title: "T", version: "1", description: names.map((n) => `\`${n}\``).join(" ") },
      paths: {},
      components: {
        examples: { e: { examples: { description: "`x-retry`" } } },
        x: [{ description: "`x-retry` (`x-retry`)", summary: "`x-retry`" }],
        y: { "x-codeSamples": [{ description: "`x-retry`" }] },
        z: { properties: { description: { type: "string", description: "`x-pagination`" } } },
        n: { default: null, description: "(`x-retry`) leads" },
      },
    };
    const copy = renderExtensions(doc, pets, [pets]);
    expect((copy.info.description as string).split("\n\n<div")[0]).toBe(
      "*assumed (see the assumptions page)* *IAM action* *rate limit* *validity* *deprecation* *audit event renames* *value pattern* *retry advice* *retry policy* *pagination* *mock-only schema* *client options*",
    );
    expect(copy.components.examples.e.examples.description).toBe("`x-retry`");
    expect(copy.components.x[0].description).toBe("*retry advice*");
    expect(copy.components.x[0].summary).toBe("`x-retry`");
    expect(copy.components.z.properties.description).toEqual({ type: "string", description: "*pagination*" });
    expect(copy.components.n).toEqual({ default: null, description: " leads" });
    expect(copy.components.y["x-codeSamples"][0].description).toBe("`x-retry`");
  });
});

describe("pages", () => {
  it("landing page: a card per service with purpose, status, regions, links, install line and example", () => {
    const retired = petDoc();
    retired.info = { title: "Pet store service v2 (deprecated)", version: "2", "x-deprecated": { deprecated: true } };
    retired.servers = [{ url: "https://pets.example.com" }];
    delete retired.paths["/ping"];
    const text = landingPage([
      { service: pets, doc: petDoc() },
      { service: old, doc: retired },
    ]);
    expect(text).toContain("<title>Cloud service interfaces</title>");
    // The reference pages' look: Redoc's side menu, middle column and dark right column.
    expect(text).toContain("<style>\nmain { max-width: none; padding: 0; }\n.layout { display: flex;");
    expect(text).toContain('<nav class="side" aria-label="Services">');
    expect(text).toContain('<a href="#pets-v3">Pet store v3</a>');
    expect(text).toContain("box-sizing: border-box;");
    expect(text).toContain("OpenAPI 3.1 references, typed TypeScript clients and local mocks for 2 services.");
    expect(text).toContain('<label for="search">Search 11 operations in all services</label>');
    expect(text).toContain('<article class="service row" id="pets-v3" data-service="pets-v3" data-status="current">\n<div class="middle">\n<h2><a href="pets-v3.html">Pet store v3</a> <span class="badge current">current</span></h2>');
    expect(text).toContain('<article class="service row" id="pets-v2" data-service="pets-v2" data-status="deprecated">\n<div class="middle">\n<h2><a href="pets-v2.html">Pet store service v2</a> <span class="badge deprecated">deprecated</span></h2>');
    expect(text).toContain('<p class="purpose">Keeps pets safe.</p>');
    expect(text).toContain('<p class="facts"><span class="regions">Regions: <code>eu-1</code><code>us-2</code></span> · 6 operations · <span class="doc-version">document version 3</span></p>');
    expect(text).toContain('<p class="facts"><span class="regions">Single global endpoint</span> · 5 operations · <span class="doc-version">document version 2</span></p>');
    expect(text).toContain(
      '<p class="links"><a class="reference" href="pets-v3.html">Reference</a><a class="json" href="openapi/pets-v3.json" download="pets-v3.openapi.json">OpenAPI JSON</a><a class="yaml" href="openapi/pets-v3.yaml" download="pets-v3.openapi.yaml">OpenAPI YAML</a><a href="assumptions.html#pets-v3">Assumptions</a></p>',
    );
    expect(text).toContain('<pre class="install"><code>npm install cloud-interfaces</code></pre>');
    expect(text).toContain(`<pre class="example"><code>${html(landingExample("pets-v3", petDoc()))}</code></pre>`);
    expect(text).toContain("<footer>Local mock of any service: <code>npx cloud-interfaces mock &lt;service-id&gt;</code> · this site: <code>npx cloud-interfaces docs</code></footer>");
    expect(text).toContain('<script src="assets/search-index.js"></script>\n<script src="assets/search.js"></script>');
    expect(text).toContain("</article>\n<article");
    const one = { ...petDoc(), "x-client": undefined, paths: { "/ping": petDoc().paths["/ping"] } };
    expect(landingPage([{ service: pets, doc: one }])).toContain("· 1 operation · <span");
  });

  it("purpose: the first sentence or clause of the description, without markup or the deprecation notice", () => {
    const purpose = (description?: string, title = "Title") => purposeOf({ info: { title, description } });
    expect(purpose("**Deprecated:** use v4.\n\nIssues *tokens* for [users](x.md) and `apps`. More.")).toBe("Issues tokens for users and apps.");
    expect(purpose("Sends\n  mail: over SMTP")).toBe("Sends mail.");
    expect(purpose("Counts things! Really")).toBe("Counts things! Really.");
    expect(purpose("What? yes")).toBe("What? yes.");
    expect(purpose(undefined, "Key store")).toBe("Key store.");
    expect(purpose("  \n\n  Second paragraph first.")).toBe("Second paragraph first.");
    expect(purpose("deprecated no bold first.\n\nOther.")).toBe("deprecated no bold first.");
    expect(purpose("A_b c.d e.")).toBe("Ab c.d e.");
    expect(purpose("**Deprecated** soon.\n   \nReal purpose.")).toBe("Real purpose.");
    expect(purpose("Keeps keys. **Deprecated** fields are listed.")).toBe("Keeps keys.");
  });

  it("regions: every region enum of every server, once", () => {
    expect(regionsOf({ servers: [{ variables: { region: { enum: ["a", "b"] } } }, { variables: { region: { enum: ["b", "c"] } } }, { url: "x" }] })).toEqual(["a", "b", "c"]);
    expect(regionsOf({})).toEqual([]);
  });

  it("assumptions page: a section per service with a row per x-assumed note", () => {
    const text = assumptionsPage([
      { service: pets, doc: petDoc() },
      { service: old, doc: { info: { title: "Old", version: "2" }, paths: {} } },
    ]);
    expect(text).toContain("<title>Assumptions</title>");
    expect(text).toContain("<style>\ntable { border-collapse: collapse;");
    expect(text).toContain('<nav class="toc"><a href="#pets-v3">pets-v3</a><a href="#pets-v2">pets-v2</a></nav>');
    expect(text).toContain('<section id="pets-v3" data-count="3">\n<h2><a href="pets-v3.html">Pet store v3</a> <span class="count">3 assumptions</span></h2>\n<table><colgroup>');
    expect(text).toContain('<section id="pets-v2" data-count="0">\n<h2><a href="pets-v2.html">Old v2</a> <span class="count">0 assumptions</span></h2>');
    expect(text).toContain(
      `<tr class="assumption" id="pets-v3--paths-stores-store-pets-pet-delete"><td data-label="Operation">DELETE /<wbr>stores/<wbr>{store}/<wbr>pets/<wbr>{pet}</td><td data-label="Where"><code>#/<wbr>paths/<wbr>~1stores~1{store}~1pets~1{pet}/<wbr>delete</code></td><td data-label="What was chosen and why">${NOTE}</td></tr>`,
    );
    expect(text).toContain('<tr class="assumption" id="pets-v3--components-schemas-Owner"><td data-label="Operation">(document)</td>');
    // The header every page carries: the index, each service, this page marked current.
    expect(text).toContain(
      '<nav class="site-nav" aria-label="Site"><ul><li class="home"><a href="index.html">Cloud service interfaces</a></li><li class="nav-service"><a href="pets-v3.html"><span class="long">Pet store v3</span><span class="short">pets-v3</span></a></li><li class="nav-service"><a href="pets-v2.html"><span class="long">Old v2</span><span class="short">pets-v2</span></a></li><li><a href="assumptions.html" aria-current="page">Assumptions</a></li><li><a href="changelog.html">Changelog</a></li></ul></nav>\n<main>\n<h1>Assumptions</h1>',
    );
    expect(text).toContain("</td></tr>\n<tr class=\"assumption\"");
    expect(text).toContain("</section>\n<section");
  });

  it("reference page: Redoc over the site's copy of the document, with samples and download names", () => {
    const copy = siteDocument(pets, petDoc(), [pets]);
    const samples = codeSamples("pets-v3", petDoc());
    for (const { operation } of listOperations(copy)) expect(operation["x-codeSamples"]).toEqual(samples.get(operation.operationId));
    expect(copy.info.description).toContain('<div class="ext-block">');
    const text = referencePage(pets, petDoc(), [pets]);
    expect(text).toContain("<title>Pet store v3 · reference</title>");
    expect(text).toContain(".ext-block {");
    expect(text).toContain(`</style>\n<meta http-equiv="Content-Security-Policy" content="${html(contentSecurityPolicy(petDoc()))}">\n</head>`);
    const spec = /<script id="spec" type="application\/json">([\s\S]*?)<\/script>/.exec(text)![1]!;
    expect(JSON.parse(spec)).toEqual(copy);
    expect(text).toContain(`<div id="redoc"></div>\n<script id="spec" type="application/json">`);
    expect(text).toContain(`<script src="assets/${REDOC_BUNDLE}"></script>\n<script src="assets/${REFERENCE_SCRIPT}"></script>`);
    // No inline script: the options travel as JSON, read by the site's own start-up file.
    expect([...text.matchAll(/<script(?![^>]*(?:type="application\/json"|src=))[^>]*>/g)]).toEqual([]);
    const options = /<script id="redoc-options" type="application\/json">([\s\S]*?)<\/script>/.exec(text);
    expect(JSON.parse(options![1]!)).toEqual({
      hideDownloadButton: false,
      downloadDefinitionUrl: "openapi/pets-v3.json",
      downloadFileName: "pets-v3.openapi.json",
      expandResponses: "all",
      jsonSampleExpandLevel: 4,
      showExtensions: false,
      pathInMiddlePanel: true,
      sortPropsAlphabetically: false,
      payloadSampleIdx: 3,
      sanitize: true,
      // The sticky site header: Redoc's menu and anchors below it.
      scrollYOffset: "nav.site-nav",
    });
  });

  it("the Redoc bundle is served from the site with its CDN logo replaced", () => {
    const bundle = offlineRedocBundle();
    const original = readFileSync(createRequire(import.meta.url).resolve(`redoc/bundles/${REDOC_BUNDLE}`), "utf8");
    expect(REDOC_BUNDLE).toBe("redoc.standalone.js");
    expect(original).toContain("https://cdn.redoc.ly/redoc/logo-mini.svg");
    expect(bundle).not.toContain("cdn.redoc.ly");
    const logo = "data:image/svg+xml," + encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16"><circle cx="8" cy="8" r="7" fill="#e3165b"/></svg>');
    expect(bundle.split(logo).length).toBe(original.split("https://cdn.redoc.ly/redoc/logo-mini.svg").length);
  });
});

describe("the site's files", () => {
  it("are every page, the assets and both document forms; rebuilt only when an input or the landing page changed", () => {
    const dir = mkdtempSync(join(tmpdir(), "site-parts-"));
    try {
      const entries = [{ service: pets, doc: petDoc() }];
      expect(buildSiteIfChanged(entries, dir)).toBe(true);
      expect(readdirSync(dir).sort()).toEqual([".inputs-sha256", "assets", "assumptions.html", "changelog.html", "emulator-control.html", "index.html", "llms.txt", "md", "openapi", "pets-v3.html"]);
      expect(readdirSync(join(dir, "md", "pets-v3")).sort()).toEqual(["addPet.md", "deletePet.md", "listPets.md", "ping.md", "putNote.md", "token.md"]);
      expect(readdirSync(join(dir, "assets")).sort()).toEqual(["redoc.standalone.js", "reference.js", "search-index.js", "search.js"]);
      expect(readFileSync(join(dir, "assets", REDOC_BUNDLE), "utf8")).toBe(offlineRedocBundle());
      expect(readFileSync(join(dir, "assets", "search.js"), "utf8")).toBe(readFileSync(new URL("../scripts/lib/site/assets/search.js", import.meta.url), "utf8"));
      expect(readFileSync(join(dir, "assets", "search-index.js"), "utf8")).toBe(searchIndexScript(searchEntries(entries)));
      expect(JSON.parse(readFileSync(join(dir, "openapi", "pets-v3.json"), "utf8"))).toEqual(petDoc());
      expect(readFileSync(join(dir, "openapi", "pets-v3.json"), "utf8")).toBe(JSON.stringify(petDoc(), null, 2));
      expect(parseYaml(readFileSync(join(dir, "openapi", "pets-v3.yaml"), "utf8"))).toEqual(petDoc());
      expect(readFileSync(join(dir, "pets-v3.html"), "utf8")).toBe(referencePage(pets, petDoc(), [pets], navOf(entries)));
      expect(readFileSync(join(dir, "index.html"), "utf8")).toBe(landingPage(entries));
      expect(readFileSync(join(dir, "assumptions.html"), "utf8")).toBe(assumptionsPage(entries));
      const key = readFileSync(join(dir, ".inputs-sha256"), "utf8");
      expect(key).toMatch(/^[0-9a-f]{64}$/);

      expect(buildSiteIfChanged(entries, dir)).toBe(false);
      const changed = petDoc();
      changed.info.title = "Pet shop";
      expect(buildSiteIfChanged([{ service: pets, doc: changed }], dir)).toBe(true);
      expect(readFileSync(join(dir, ".inputs-sha256"), "utf8")).not.toBe(key);
      expect(buildSiteIfChanged(entries, dir)).toBe(true);
      expect(readFileSync(join(dir, ".inputs-sha256"), "utf8")).toBe(key);
      // The same documents under another service id are another site.
      expect(buildSiteIfChanged([{ service: { ...pets, id: "pets-v9" }, doc: petDoc() }], dir)).toBe(true);
      expect(buildSiteIfChanged(entries, dir)).toBe(true);
      rmSync(join(dir, "index.html"));
      expect(buildSiteIfChanged(entries, dir)).toBe(true);
      expect(existsSync(join(dir, "index.html"))).toBe(true);
      rmSync(join(dir, ".inputs-sha256"));
      expect(buildSiteIfChanged(entries, dir)).toBe(true);
      writeFileSync(join(dir, ".inputs-sha256"), "stale");
      expect(buildSiteIfChanged(entries, dir)).toBe(true);
      expect(readFileSync(join(dir, ".inputs-sha256"), "utf8")).toBe(key);
      const fresh = join(dir, "fresh");
      buildSite(entries, fresh);
      expect(readdirSync(fresh).sort()).toEqual(["assets", "assumptions.html", "changelog.html", "emulator-control.html", "index.html", "llms.txt", "md", "openapi", "pets-v3.html"]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("reference page Content-Security-Policy", () => {
  it("allows no eval, and connects only to the site and the document's hosts, variables as leading wildcards", () => {
    const csp = contentSecurityPolicy({
      servers: [{ url: "https://{region}.svc.example.com/base" }, { url: "https://private.{region}.svc.example.com" }, { url: "https://api.example.org" }, { url: "/relative" }],
    });
    expect(csp).not.toMatch(/unsafe-eval/);
    expect(csp.split("; ").find((d) => d.startsWith("connect-src"))).toBe("connect-src 'self' https://*.svc.example.com https://api.example.org http://127.0.0.1:* http://localhost:* https:");
    // No inline script, frame or form submission; one directive of each name.
    const directives = csp.split("; ");
    expect(directives).toEqual(expect.arrayContaining(["script-src 'self'", "frame-src 'none'", "form-action 'none'", "object-src 'none'", "worker-src 'self' blob:"]));
    expect(new Set(directives.map((d) => d.split(" ")[0])).size).toBe(directives.length);
  });
});

describe("prose only", () => {
  it("shows raw HTML as text, block and inline, with its attributes", () => {
    const { marked } = createRequire(import.meta.url)("marked");
    const render = (md: string) => marked.parse(proseOnly(md)) as string;
    expect(render(`a <img alt=">" src=x onerror="go()"> b`)).toBe(`<p>a &lt;img alt=&quot;&gt;&quot; src=x onerror=&quot;go()&quot;&gt; b</p>\n`);
    expect(render(`<iframe title=">" srcdoc="<script>go()</script>"></iframe>\n\ntext`)).not.toMatch(/<iframe|<script/);
    expect(render(`<form action="https://x.example/"><input name=p></form>`)).not.toMatch(/<form|<input/);
    // Markup in a code span is code, untouched.
    expect(proseOnly("`Bearer <token>` and `<b>`")).toBe("`Bearer <token>` and `<b>`");
  });

  it("keeps links to the web, mail, fragments and relative paths; shows any other target as text", () => {
    expect(proseOnly("[a](https://x.example/a?b=1&c=2) [b](billing-v2.html#op) [c](#top) [d](mailto:a@x.example) <https://x.example/?a=1&b=2>")).toBe(
      "[a](https://x.example/a?b=1&c=2) [b](billing-v2.html#op) [c](#top) [d](mailto:a@x.example) <https://x.example/?a=1&b=2>",
    );
    for (const bad of ["[l](<javascript:go()>)", "[l](&#106;avascript:go())", "[l](JaVaScRiPt:go())", "![i](data:image/svg+xml,x)", "[l](vbscript:x)"]) {
      const out = proseOnly(bad);
      expect(out, bad).not.toBe(bad);
      expect(createRequire(import.meta.url)("marked").marked.parse(out), bad).not.toMatch(/<a |<img /);
    }
    expect(allowedLinkTarget("&#106;avascript:x")).toBe(false);
    expect(allowedLinkTarget("java&Tab;script:x")).toBe(false);
    expect(allowedLinkTarget("https://x.example/?a=1&amp;b=2")).toBe(true);
    expect(allowedLinkTarget("dir/file:x")).toBe(true);
    expect(allowedLinkTarget(" javascript:x")).toBe(false);
  });

  it("the site's copy of a document: descriptions and example descriptions prose only, example values and extension texts as they are, link fields to allowed targets", () => {
    const doc = petDoc();
    doc.info.description = `<form action="x"></form>`;
    doc.externalDocs = { url: "javascript:go()", description: "<b>more</b>" };
    doc.components.schemas.Pet.examples = { one: { description: "<img src=x onerror=go()>", value: { html: "<b>kept</b>" } } };
    const copy = renderExtensions(doc, pets, [pets]);
    expect(copy.info.description.split("\n\n<div")[0]).toBe("\\<form action\\=\\\"x\\\"\\>\\<\\/form\\>");
    expect(copy.externalDocs).toEqual({ description: "\\<b\\>more\\<\\/b\\>" });
    expect(copy.components.schemas.Pet.examples.one.value).toEqual({ html: "<b>kept</b>" });
    expect(copy.components.schemas.Pet.examples.one.description).toBe(String.raw`\<img src\=x onerror\=go\(\)\>`);
  });
});

describe("the documents as the site renders them", () => {
  const registry = readServices();
  /** Every Markdown description Redoc renders, with the site's own blocks and source notes cut out. */
  function renderedProse(node: unknown, into: string[] = []): string[] {
    if (node === null || typeof node !== "object") return into;
    for (const [key, value] of Object.entries(node)) {
      if (key === "x-codeSamples" || key === "example" || key.startsWith("x-")) continue;
      if (key === "description" && typeof value === "string") into.push(value.replace(/<div class="ext-block[\s\S]*?<\/div>\n/g, "").replace(/<span class="ext-source">[^<]*<\/span>/g, ""));
      else renderedProse(value, into);
    }
    return into;
  }

  it.each(registry.map((s) => s.id))("%s: the page's copy cites no interface-document numbering anywhere; the bundled document keeps x-source for maintainers", (id) => {
    const service = registry.find((s) => s.id === id)!;
    const doc = bundledDocument(id);
    const copy = siteDocument(service, doc, registry);
    const prose = renderedProse(copy);
    expect(prose.length).toBeGreaterThan(0);
    expect(prose.flatMap((text) => numberingReferences(text).map((ref) => `${ref} in: ${text.slice(0, 80)}`))).toEqual([]);
    // Not only the rendered prose: the page embeds its copy, extensions included.
    expect(numberingReferences(JSON.stringify(copy))).toEqual([]);
    expect(JSON.stringify(copy)).not.toContain('"x-source"');
    expect(JSON.stringify(doc)).toContain('"x-source"');
  });

  it("the page's copy keeps only the extensions Redoc renders; a property or header named x-... is a name and stays", () => {
    const doc: any = {
      openapi: "3.1.0",
      info: { title: "M", version: "1", "x-caps": { things: { max: 1 } } },
      "x-workflows": [{ workflowId: "w" }],
      paths: {
        "/things": {
          post: {
            operationId: "make",
            "x-resource": { name: "thing", action: "create" },
            "x-codeSamples": [{ lang: "curl", source: "curl x" }],
            requestBody: { content: { "application/json": { schema: { type: "object", properties: { "x-kept": { type: "string", "x-refers": "thing" } } }, example: { "x-data": 1 } } } },
            responses: { "201": { description: "made", headers: { "x-request-id": { schema: { type: "string" } } }, "x-assumed": { note: "n" } } },
          },
        },
      },
    };
    const copy = JSON.stringify(renderExtensions(doc, pets, [pets]));
    for (const gone of ['"x-caps"', '"x-workflows"', '"x-resource"', '"x-refers"', '"x-assumed"']) expect(copy).not.toContain(gone);
    for (const kept of ['"x-codeSamples"', '"x-kept"', '"x-request-id"', '"x-data"']) expect(copy).toContain(kept);
  });

  it("a citation of the interface documents reads as the part it names; standards keep their sections", () => {
    expect(readerText("Interface document 3, part A.")).toBe("The interface document.");
    expect(readerText("§4.2 does not list it: §7 gives it to every endpoint.")).toBe("The interface document's description of the endpoint does not list it: the interface document's section on errors gives it to every endpoint.");
    expect(readerText("a missing one (§4.5).")).toBe("a missing one (the interface document's description of the endpoint).");
    expect(readerText("its §7A lists it; see section 8B")).toBe("Its section on errors lists it; see the interface document's section on limits");
    expect(readerText("§5.3/§8 apply")).toBe("The interface document's section on authentication and section on limits apply");
    const standards = "Name redirect_uri (RFC 6749 §3.1.2) chosen; OIDC Core §5.1/§5.3.2; RFC 7591 §2 and §3; OAuth 2.0 Multiple Response Type Encoding Practices §2.1.";
    expect(readerText(standards)).toBe(standards);
    expect(numberingReferences(readerText("which §4.4 behaviour 4 (authorization) and §4.11 answer; Interface document 1, §7 and §8."))).toEqual([]);
  });

  it("the numbering check finds what it should and leaves standards alone", () => {
    expect(numberingReferences("Source: interface document 3, part A. See §4A and §7; RFC 7591 §2 and OIDC Core §12 stay.")).toEqual(["interface document 3, part A", "§4A", "§7"]);
    expect(numberingReferences("RFC 9110 §15.3.2 and NIST SP 800-57 §5 are standards.")).toEqual([]);
  });
});

describe("try-it console data", () => {
  const entry = (i: number): Sent => ({ seq: i, at: 1_700_000_000_000 + i, method: "GET", url: `https://api.example.com/items/${i}`, headers: [["accept", "application/json"]], body: "", status: 200 });
  const history = (entries: Sent[]): History => ({ start: { seq: 0, seed: 7 }, next: entries.length, entries });

  it("a kept state is a snapshot with its seed; what the console did not write, or larger than it keeps, is discarded with the reason", () => {
    const snapshot = { format: "cloud-interfaces/emulator-state", version: 1, service: "x", draws: 3, state: {} };
    expect(readKept(JSON.stringify({ version: 2, seed: 1, snapshot }))).toEqual({ kept: { version: 2, seed: 1, snapshot } });
    // The older console's replay log is not restored: it is not a snapshot.
    expect(readKept('{"seed":1,"log":[]}')).toEqual({ discarded: "it is not a state this console keeps (an older console's request log, or another script's)" });
    expect(readKept("{")).toEqual({ discarded: "it is not JSON" });
    expect(readKept("null")).toEqual({ discarded: "it is not an object" });
    expect(readKept('{"version":2}')).toEqual({ discarded: "it has no seed" });
    expect(readKept(JSON.stringify({ version: 2, seed: 1, signingKey: "k" }))).toEqual({ discarded: "its signing key is not a key" });
    expect(readKept(JSON.stringify({ version: 2, seed: 1, snapshot: [] }))).toEqual({ discarded: "its snapshot is not an object" });
    expect(readKept("x".repeat(MAX_STATE_CHARS + 1))).toEqual({ discarded: "it is larger than the 2,000,000 characters the console keeps" });
    // Saving past the cap is refused with a notice, not written.
    const huge = keptText({ version: 2, seed: 1, snapshot: { ...snapshot, state: { big: "x".repeat(MAX_STATE_CHARS) } } });
    expect("refused" in huge && huge.refused).toContain("more than the 2,000,000 this tab keeps");
    expect(keptText({ version: 2, seed: 1, snapshot })).toEqual({ text: JSON.stringify({ version: 2, seed: 1, snapshot }) });
  });

  it("a kept history is checked entry by entry, and is capped", () => {
    expect(readHistory(JSON.stringify(history([entry(1)])))).toEqual({ history: history([entry(1)]) });
    expect(readHistory(JSON.stringify({ ...history([]), entries: {} }))).toEqual({ discarded: "its entries are not a list" });
    expect(readHistory(JSON.stringify({ next: 0, entries: [] }))).toEqual({ discarded: "it has no start" });
    expect(readHistory(JSON.stringify(history([{ ...entry(1), headers: {} as never }])))).toEqual({ discarded: "an entry's headers are not name-value pairs" });
    expect(readHistory(JSON.stringify(history([{ ...entry(1), url: "javascript:1" }])))).toEqual({ discarded: "an entry has no URL" });
    expect(readHistory(JSON.stringify(history([{ ...entry(1), call: { operationId: "x" } as never }])))).toEqual({ discarded: "an entry's call is not a panel's call" });
    expect(readHistory(JSON.stringify(history(Array.from({ length: 2_000 }, (_, i) => entry(i)))))).toEqual({ discarded: "it holds 2,000 entries, more than the 1,000 the console keeps" });
    expect(readHistory("x".repeat(MAX_HISTORY_CHARS + 1))).toEqual({ discarded: "it is larger than the 2,000,000 characters the console keeps" });
  });

  it("the history keeps the newest 1,000 requests, dropping the oldest", () => {
    const log = Array.from({ length: MAX_HISTORY }, (_, i) => entry(i));
    expect(appendCapped(log.slice(0, 10), entry(10))).toEqual([]);
    expect(appendCapped(log, entry(MAX_HISTORY))).toEqual([entry(0)]);
    expect(log).toHaveLength(MAX_HISTORY);
    expect(log[0]!.url).toBe("https://api.example.com/items/1");
    expect(log.at(-1)!.url).toBe(`https://api.example.com/items/${MAX_HISTORY}`);
  });

  it("Copy as test writes the session from its start: panel calls through the typed client, other requests as fetch, the seed and the starting snapshot", () => {
    const call = { operationId: "createItem", method: "POST", path: "/items/{group}", params: { path: { group: "g" }, cookie: { sid: "s1" } }, headers: { "x-case": "code=201" }, body: { name: "a" }, credentials: { bearer: "t" }, parseAs: "json" as const, validate: true };
    const snapshot = { format: "cloud-interfaces/emulator-state", version: 1, service: "svc-v1", draws: 5, state: { n: 1 } };
    const file = copyAsTest({
      serviceId: "svc-v1",
      factory: "createSvcV1Client",
      history: { start: { seq: 1, seed: 42, snapshot }, next: 3, entries: [entry(0), { ...entry(1), method: "POST", status: 201, call: { ...call, createdId: "id-7" } }, { ...entry(2), status: 404, headers: [["host", "h"], ["x-a", "1"]] }] },
      signingKey: { kty: "RSA" },
    });
    // Entry 0 came before the session's start: not replayed.
    expect(file).not.toContain("items/0");
    expect(file).toContain('import { createSvcV1Client } from "cloud-interfaces/svc-v1";');
    expect(file).toContain('mswEmulator("svc-v1", {\n  random: seeded(42),\n  seed: { signingKey: {\n    "kty": "RSA"\n  } },\n});');
    expect(file).toContain('"service": "svc-v1"');
    expect(file).toContain('const CREDENTIALS_1 = {\n  "bearer": "t"\n};');
    expect(file).toContain('client(CREDENTIALS_1).POST("/items/{group}", {');
    expect(file).toContain('"cookie": "sid=s1"');
    expect(file).toContain("expect(r1.response.status).toBe(201);");
    expect(file).toContain('expect(String(r1.data)).toContain("id-7");');
    expect(file).toContain('await fetch("https://api.example.com/items/2"');
    expect(file).not.toContain('"host"');
    expect(file).toContain(").status).toBe(404);");
    expect(file).toContain("expect(emulator.emulator.violations).toEqual([]);");
    // A session from the documents' examples restores nothing.
    expect(copyAsTest({ serviceId: "svc-v1", factory: "f", history: history([]) })).toContain("const START = undefined;");
  });

  it("finds no authorization code flow in a document whose operations take none (identity's: test/identity/tryit-flow.test.ts)", () => {
    for (const s of readServices().filter((s) => s.family !== "identity")) expect(tryitService(s, bundledDocument(s.id)).codeFlow, s.id).toBeUndefined();
  });

  it("a parameter's example is offered as it is typed: arrays comma-separated, objects as one line of JSON", () => {
    const doc = petDoc();
    doc.paths["/stores/{store}/pets"].get.parameters.push(
      { name: "ids", in: "query", schema: { type: "array", items: { type: "integer" } }, example: [1, 2] },
      { name: "where", in: "query", schema: { type: "object" }, example: { a: [1] } },
    );
    const params = tryitService(pets, doc).operations.listPets!.parameters;
    expect(params.find((p) => p.name === "ids")!.example).toBe("1, 2");
    expect(params.find((p) => p.name === "where")!.example).toBe('{"a":[1]}');
  });

  it("a created id is the body's id or its first resource's; an item path names its collection and parameter", () => {
    expect(createdId({ id: "t1", name: "x" })).toBe("t1");
    expect(createdId({ metadata: {}, resources: [{ id: "k1" }, { id: "k2" }] })).toBe("k1");
    expect(createdId({ id: 7 })).toBe("7");
    expect(createdId({ name: "x" })).toBeUndefined();
    expect(createdId("text")).toBeUndefined();
    expect(itemOf("/v1/instances/{instance_id}/topics/{id}")).toEqual({ collection: "/v1/instances/{instance_id}/topics", param: "id" });
    expect(itemOf("/v1/instances/{instance_id}/topics")).toBeUndefined();
    expect(itemOf("/{id}")).toBeUndefined();
  });

  it("a flow gives a watcher the current value and every later one, with who wrote it", () => {
    const flow = new Flow();
    const seen: Array<[unknown, unknown]> = [];
    flow.set("k", 1, "a");
    flow.watch("k", (value, from) => seen.push([value, from]));
    flow.set("k", 2, "b");
    flow.watch("other", () => seen.push(["never", undefined]));
    expect(seen).toEqual([
      [1, undefined],
      [2, "b"],
    ]);
    expect(flow.get("k")).toBe(2);
  });
});
