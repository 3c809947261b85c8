/**
 * The mock says what it ignored (issue 26): query parameters, form fields and top-level JSON
 * properties the matched operation does not declare are named in X-Mock-Warning, in the log
 * and onRequest; with strict they are refused with 400 in the document's error shape. The same
 * for the Prism mock and the stateful emulator behind startMock.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MOCK_ERROR_HEADER, MOCK_WARNING_HEADER, startMock, type MockLogEntry, type RunningMock } from "cloud-interfaces/mock";
import { describeUndeclared } from "../../runtime/http/undeclared.js";

const KEY = "application/vnd.svc.kms.key+json";
const KMS_HEADERS = { authorization: "Bearer t", "svc-instance": "0c7d3a52-8f41-4b6e-9d2a-1e5f6a7b8c9d" };
const newKey = (extra: Record<string, unknown> = {}) => JSON.stringify({ metadata: { collectionType: KEY, collectionTotal: 1 }, resources: [{ type: KEY, name: "k" }], ...extra });
const TENANT = "6d1a4b2c-93f5-4c8e-a1f0-3b7e9d2c5a41";
const basic = `Basic ${Buffer.from("emulator-client:emulator-secret").toString("base64")}`;

describe.each([false, true])("startMock kms-v2 (stateful: %s)", (stateful) => {
  const entries: MockLogEntry[] = [];
  const lines: string[] = [];
  let mock: RunningMock;
  let strict: RunningMock;
  beforeAll(async () => {
    mock = await startMock("kms-v2", { stateful, log: true, write: (l) => lines.push(l), onRequest: (e) => entries.push(e) });
    strict = await startMock("kms-v2", { stateful, strict: true });
  });
  afterAll(async () => {
    await mock.close();
    await strict.close();
  });

  it("a misspelled query parameter is answered as before, and named in X-Mock-Warning, onRequest and the log", async () => {
    entries.length = 0;
    lines.length = 0;
    const res = await fetch(`${mock.url}/api/v2/keys?limt=10&limit=5`, { headers: KMS_HEADERS });
    expect(res.status).toBe(200);
    expect(res.headers.get(MOCK_WARNING_HEADER)).toBe('undeclared query parameter "limt"');
    expect(entries.at(-1)!.warnings).toEqual(['undeclared query parameter "limt"']);
    expect(lines.at(-1)).toContain('warnings: undeclared query parameter "limt"');
  });

  it("an undeclared top-level JSON property is named; a declared body gets no warning", async () => {
    const extra = await fetch(`${mock.url}/api/v2/keys`, { method: "POST", headers: { ...KMS_HEADERS, "content-type": KEY }, body: newKey({ nmae: "x" }) });
    expect(extra.headers.get(MOCK_WARNING_HEADER)).toBe('undeclared body property "nmae"');
    const clean = await fetch(`${mock.url}/api/v2/keys`, { method: "POST", headers: { ...KMS_HEADERS, "content-type": KEY }, body: newKey() });
    expect(clean.status).toBe(201);
    expect(clean.headers.get(MOCK_WARNING_HEADER)).toBeNull();
  });

  it("strict refuses them with 400 in the document's error shape, naming each; a declared request passes", async () => {
    const res = await fetch(`${strict.url}/api/v2/keys?limt=10&__code=200`, { headers: KMS_HEADERS });
    expect(res.status).toBe(400);
    expect(res.headers.get("content-type")).toContain("application/vnd.svc.kms.error+json");
    expect(res.headers.get(MOCK_ERROR_HEADER)).toBeNull(); // the operation documents 400
    const body = (await res.json()) as { resources: { errorMsg: string }[] };
    expect(body.resources[0]!.errorMsg).toBe('Bad Request: undeclared query parameter "limt" (rule strict: GET /api/v2/keys does not declare it)');
    const ok = await fetch(`${strict.url}/api/v2/keys?limit=5`, { headers: KMS_HEADERS });
    expect(ok.status).toBe(200);
  });
});

describe("form fields (identity-v4 token, application/x-www-form-urlencoded)", () => {
  let mock: RunningMock;
  beforeAll(async () => {
    mock = await startMock("identity-v4", { stateful: true, strict: true });
  });
  afterAll(() => mock.close());

  it("strict refuses an undeclared form field and accepts the declared form", async () => {
    const url = `${mock.url}/oauth/v4/${TENANT}/token`;
    const headers = { authorization: basic, "content-type": "application/x-www-form-urlencoded" };
    const bad = await fetch(url, { method: "POST", headers, body: "grant_type=client_credentials&client_lang=fr" });
    expect(bad.status).toBe(400);
    expect(bad.headers.get(MOCK_WARNING_HEADER)).toBe('undeclared form field "client_lang"');
    expect(await bad.text()).toContain('undeclared form field \\"client_lang\\"');
    const good = await fetch(url, { method: "POST", headers, body: "grant_type=client_credentials" });
    expect(good.status).toBe(200);
  });
});

it("names stay ASCII and few enough for a header", () => {
  const many = Array.from({ length: 30 }, (_, i) => ({ where: "query" as const, name: `n${i}\u00e9\r\n` }));
  const text = describeUndeclared(many);
  expect(text).toMatch(/^[\x20-\x7e]+$/);
  expect(text).toContain('"n0\\u00e9\\r\\n"');
  expect(text.endsWith("; and 10 more")).toBe(true);
});
