/**
 * Issue 43, "Case selection that writes", as reported on kms-v2 createKey (the rule is tested on a
 * synthetic document in test/emulator/case-selection.test.ts): `X-Mock-Fault: 503` (createKey
 * documents no 503), `418`, `abc` or `X-Mock-Case: example=noSuchExample` created a key; now the
 * emulator gives the Prism mock's refusal (422 `unknown-case`, the same body) and creates nothing.
 */
import { describe, expect, it } from "vitest";
import { createEmulator } from "cloud-interfaces/emulator";
import { createMockHandler } from "cloud-interfaces/mock";

const KEY_TYPE = "application/vnd.svc.kms.key+json";
const URL_KEYS = "http://localhost/api/v2/keys";
const HEADERS = { authorization: "Bearer t", "svc-instance": "0c7d3a52-8f41-4b6e-9d2a-1e5f6a7b8c9d", "content-type": KEY_TYPE };
const BODY = JSON.stringify({ metadata: { collectionType: KEY_TYPE, collectionTotal: 1 }, resources: [{ type: KEY_TYPE, name: "selected" }] });
const create = (extra: Record<string, string>, url = URL_KEYS) => new Request(url, { method: "POST", headers: { ...HEADERS, ...extra }, body: BODY });
const read = async (r: Response) => ({ status: r.status, kind: r.headers.get("x-mock-error"), body: await r.text() });

describe("an undocumented case selection on the emulator", () => {
  const undocumented: Array<[string, Record<string, string>, string?]> = [
    ["X-Mock-Fault: 503 (createKey documents no 503)", { "x-mock-fault": "503" }],
    ["X-Mock-Fault: 418", { "x-mock-fault": "418" }],
    ["X-Mock-Fault: abc", { "x-mock-fault": "abc" }],
    ["X-Mock-Case: example=noSuchExample", { "x-mock-case": "example=noSuchExample" }],
    ["X-Mock-Case: code=404, example=aliasNotUnique (another status's example)", { "x-mock-case": "code=404, example=aliasNotUnique" }],
    ["?__code=299", {}, `${URL_KEYS}?__code=299`],
  ];

  it.each(undocumented)("%s: the Prism mock's 422 unknown-case, and no key stored", async (_name, extra, url) => {
    const emulator = createEmulator("kms-v2");
    const mock = await createMockHandler("kms-v2");
    const [fromEmulator, fromMock] = [await read(await emulator.handle(create(extra, url))), await read(await mock(create(extra, url)))];
    expect(fromEmulator).toEqual(fromMock);
    expect(fromEmulator).toMatchObject({ status: 422, kind: "unknown-case" });
    const total = await emulator.handle(new Request(URL_KEYS, { method: "HEAD", headers: HEADERS }));
    expect(total.headers.get("key-total")).toBe("0");
    expect(emulator.violations).toEqual([]);
  });

  it("X-Mock-Case: example=aliasNotUnique alone answers its documented 409, and stores nothing", async () => {
    const emulator = createEmulator("kms-v2");
    const answered = await emulator.handle(create({ "x-mock-case": "example=aliasNotUnique" }));
    expect(answered.status).toBe(409);
    expect(await answered.text()).toMatch(/KEY_ALIAS_NOT_UNIQUE_ERR/);
    expect((await emulator.handle(new Request(URL_KEYS, { method: "HEAD", headers: HEADERS }))).headers.get("key-total")).toBe("0");
  });
});
