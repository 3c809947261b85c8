/**
 * Hostile input, round 2 (issue 38), the clients: a header value that is not a string is checked
 * as what Headers makes of it (its String()), so none reaches Headers.set, whose TypeError quotes
 * it; and an error body's own `__proto__` key stays a key of the ApiError's body, never its prototype.
 */
import { describe, expect, it } from "vitest";
import { ApiError, InputError } from "../../runtime/core/errors.js";
import { redact } from "../../runtime/core/redact.js";
import { fakeFetch, SECRET, testClient, thrown } from "./harness.js";

const sneaky = { toString: () => `a\nSECRET-${SECRET.bearer}` };

describe("header values that are not strings", () => {
  it.each([
    ["per call", (c: ReturnType<typeof testClient>) => c.GET!("/v1/open", { headers: { "X-Note": sneaky } }), "headers.X-Note"],
    ["in params.header", (c: ReturnType<typeof testClient>) => c.GET!("/v1/open", { params: { header: { "X-Note": sneaky } } }), "params.header.X-Note"],
  ])("%s: an InputError naming the field, the value never quoted", async (_where, call, field) => {
    const { fetch, sent } = fakeFetch();
    const error = await thrown(() => call(testClient({ fetch })));
    expect(error).toBeInstanceOf(InputError);
    expect(error).toMatchObject({ field, rule: "headerSafe" });
    expect(`${error.message} ${error.stack} ${JSON.stringify(error)}`).not.toContain(SECRET.bearer);
    expect(sent).toHaveLength(0);
  });

  it("client-level: refused at creation", async () => {
    const error = await thrown(() => testClient({ headers: { "X-Note": sneaky } }));
    expect(error).toBeInstanceOf(InputError);
    expect(error).toMatchObject({ field: "headers.X-Note", rule: "headerSafe" });
  });

  it("a header name that is not a token is refused without echoing it", async () => {
    const { fetch } = fakeFetch();
    const error = await thrown(() => testClient({ fetch }).GET!("/v1/open", { headers: { [`X-${SECRET.bearer}\n`]: "v" } }));
    expect(error).toBeInstanceOf(InputError);
    expect(error.rule).toBe("headerName");
    expect(`${error.message} ${error.field}`).not.toContain(SECRET.bearer);
  });
});

describe("an error body with a __proto__ key", () => {
  it("keeps it as an own key, and pollutes nothing", () => {
    const body = JSON.parse('{"__proto__": {"polluted": "yes"}, "error": "x"}');
    const out = redact(body) as Record<string, unknown>;
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect((out as { polluted?: string }).polluted).toBeUndefined();
    expect(Object.getOwnPropertyDescriptor(out, "__proto__")?.value).toEqual({ polluted: "yes" });
    expect(({} as { polluted?: string }).polluted).toBeUndefined();
    const error = new ApiError("x", 400, body);
    expect((error.body as { polluted?: string }).polluted).toBeUndefined();
    expect(JSON.stringify(error.body)).toBe('{"__proto__":{"polluted":"yes"},"error":"x"}');
  });
});
