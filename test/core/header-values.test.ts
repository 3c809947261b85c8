/**
 * Issue 23 defect 3: header values are checked before use, and an error about a header value
 * never contains the value (it may be a secret).
 */
import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import { InputError } from "../../runtime/core/errors.js";
import { fakeFetch, testClient, thrown } from "./harness.js";

const BAD = ["Bearer SUPERSECRET-1\nX: y", "SUPERSECRET-1\r", "SUPER\0SECRET-1", "SUPERSECRET-1\u2028", "SUPERSECRET-1 \u{1F511}", "SUPER\x7fSECRET-1"];
const renderings = (e: unknown) => [String(e), (e as Error).message, (e as Error).stack ?? "", JSON.stringify(e), inspect(e, { depth: 20 })].join("\n");

describe.each(BAD)("the header value %j", (value) => {
  it("given at creation, is refused at creation without being echoed", async () => {
    const error = await thrown(() => testClient({ headers: { Authorization: value } }));
    expect(error).toBeInstanceOf(InputError);
    expect(error).toMatchObject({ field: "headers.Authorization", rule: "headerSafe" });
    expect(renderings(error)).not.toContain("SUPERSECRET");
  });

  it("given as a bound header parameter, is refused at creation without being echoed", async () => {
    const { sent, fetch } = fakeFetch();
    const error = await thrown(() => testClient({ fetch, validate: false, bind: { "Tenant-Id": value } }));
    expect(error).toBeInstanceOf(InputError);
    expect(error).toMatchObject({ field: "bind.Tenant-Id", rule: "headerSafe" });
    expect(renderings(error)).not.toContain("SUPERSECRET");
    expect(sent).toEqual([]);
  });

  it("given per call, is refused before sending without being echoed", async () => {
    const { sent, fetch } = fakeFetch();
    const error = await thrown(() => testClient({ fetch }).GET!("/v1/open", { headers: { "X-Custom": value } }));
    expect(error).toBeInstanceOf(InputError);
    expect(error).toMatchObject({ field: "headers.X-Custom", rule: "headerSafe" });
    expect(renderings(error)).not.toContain("SUPERSECRET");
    expect(sent).toEqual([]);
  });

  it("given as a header parameter, is refused before sending without being echoed", async () => {
    const { sent, fetch } = fakeFetch();
    const error = await thrown(() => testClient({ fetch, validate: false }).GET!("/v1/open", { params: { header: { "Tenant-Id": value } } }));
    expect(error).toBeInstanceOf(InputError);
    expect(error).toMatchObject({ field: "params.header.Tenant-Id", rule: "headerSafe" });
    expect(renderings(error)).not.toContain("SUPERSECRET");
    expect(sent).toEqual([]);
  });
});

describe("valid header values", () => {
  it("keep tabs, spaces and obs-text (RFC 9110 §5.5)", async () => {
    const { sent, fetch } = fakeFetch();
    await testClient({ fetch, headers: { "X-A": "a\tb c" } }).GET!("/v1/open", { headers: { "X-B": "caf\u00e9" } });
    expect(sent[0]!.headers["x-a"]).toBe("a\tb c");
    expect(sent[0]!.headers["x-b"]).toBe("caf\u00e9");
  });
});

describe("a credential outside RFC 9110's field-value characters", () => {
  it.each(["tok-SUPERSECRET-\u{1F511}", "tok-SUPERSECRET-\x01"])("%j from a provider is refused without being echoed", async (token) => {
    const { sent, fetch } = fakeFetch();
    const error = await thrown(() => testClient({ fetch, credentials: { bearerAuth: () => token } }).GET!("/v1/either"));
    expect(error).toMatchObject({ field: "credentials.bearerAuth", rule: "headerSafe" });
    expect(renderings(error)).not.toContain("SUPERSECRET");
    expect(sent).toEqual([]);
  });
});
