/** The mock says what it ignored (issue 26) on identity: an undeclared form field of the token request refused under strict. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MOCK_WARNING_HEADER, startMock, type RunningMock } from "cloud-interfaces/mock";

const TENANT = "6d1a4b2c-93f5-4c8e-a1f0-3b7e9d2c5a41";
const basic = `Basic ${Buffer.from("emulator-client:emulator-secret").toString("base64")}`;

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
