// The exact field, rule and sentence of each credential refusal, and the secrets a credential set yields.
import { describe, expect, it } from "vitest";
import { checkCredentials, createCredentialResolver, headerSecrets, staticSecrets } from "../../runtime/core/credentials.js";
import { InputError } from "../../runtime/core/errors.js";
import { meta } from "./harness.js";

const schemes = meta.securitySchemes;

function refusal(fn: () => unknown): { field: string; rule: string; message: string } | undefined {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(InputError);
    const { field, rule, message } = e as InputError;
    return { field, rule, message };
  }
  return undefined;
}

async function asyncRefusal(fn: () => unknown) {
  try {
    await fn();
  } catch (e) {
    expect(e).toBeInstanceOf(InputError);
    const { field, rule, message } = e as InputError;
    return { field, rule, message };
  }
  return undefined;
}

describe("checkCredentials", () => {
  it.each([
    [{ nope: "x" }, "credentials.nope", "unknown", "credentials.nope: unknown security scheme; expected one of bearerAuth, basicAuth, apiKey, userToken, session"],
    [{ bearerAuth: 5 }, "credentials.bearerAuth", "type", "credentials.bearerAuth: must be a string or a function returning one"],
    [{ apiKey: { value: "k" } }, "credentials.apiKey", "type", "credentials.apiKey: must be a string or a function returning one"],
    [{ bearerAuth: " " }, "credentials.bearerAuth", "minLength", "credentials.bearerAuth: must not be empty"],
    [{ session: "s\n" }, "credentials.session", "headerSafe", "credentials.session: must not contain CR, LF or NUL, other control characters, or characters above U+00FF"],
    [{ basicAuth: "user:pass" }, "credentials.basicAuth", "type", "credentials.basicAuth: must be { username: string, password: string }"],
    [{ basicAuth: { username: "u", password: 1 } }, "credentials.basicAuth", "type", "credentials.basicAuth: must be { username: string, password: string }"],
    [{ basicAuth: { username: "", password: "p" } }, "credentials.basicAuth.username", "minLength", "credentials.basicAuth.username: must not be empty"],
    [{ basicAuth: { username: "a:b", password: "p" } }, "credentials.basicAuth.username", "pattern", "credentials.basicAuth.username: must not contain ':' (RFC 7617 §2)"],
    [{ basicAuth: { username: "u", password: "p\r" } }, "credentials.basicAuth", "headerSafe", "credentials.basicAuth: must not contain CR, LF or NUL"],
  ])("refuses %j", (credentials, field, rule, message) => {
    expect(refusal(() => checkCredentials(schemes, credentials))).toEqual({ field, rule, message });
  });

  it("names no schemes when the document has none", () => {
    expect(refusal(() => checkCredentials({}, { any: "x" }))?.message).toBe("credentials.any: unknown security scheme; expected one of (none)");
  });

  it("lets a colon through in a Basic password and in other schemes' values", () => {
    expect(refusal(() => checkCredentials(schemes, { basicAuth: { username: "u", password: "a:b" }, bearerAuth: "a:b", apiKey: "k:v" }))).toBeUndefined();
  });
});

describe("provider results", () => {
  const resolver = (value: unknown) => createCredentialResolver(schemes, { bearerAuth: () => value });

  it.each([
    [42, "type", "credentials.bearerAuth: the credential provider must return a string"],
    [undefined, "type", "credentials.bearerAuth: the credential provider must return a string"],
    ["", "minLength", "credentials.bearerAuth: must not be empty"],
    ["t\0", "headerSafe", "credentials.bearerAuth: must not contain CR, LF or NUL, other control characters, or characters above U+00FF"],
  ])("refuses %j", async (value, rule, message) => {
    expect(await asyncRefusal(() => resolver(value)([["bearerAuth"]]))).toEqual({ field: "credentials.bearerAuth", rule, message });
  });

  it("accepts a token a provider resolves asynchronously", async () => {
    const resolve = createCredentialResolver(schemes, { bearerAuth: async () => "tok-1" });
    expect(await resolve([["bearerAuth"]])).toEqual({ Authorization: "Bearer tok-1" });
  });
});

describe("staticSecrets", () => {
  it("lists string credentials and both halves of a Basic pair, not providers or unset schemes", () => {
    const provider = () => "from-provider";
    expect(staticSecrets({ bearerAuth: "tok", basicAuth: { username: "u", password: "p" }, apiKey: provider, session: undefined })).toEqual(["tok", "u", "p"]);
    expect(staticSecrets({})).toEqual([]);
  });
});

describe("headerSecrets", () => {
  it("takes the whole value and the credential after the scheme", () => {
    expect(headerSecrets("Authorization", "Bearer abc")).toEqual(["Bearer abc", "abc"]);
    expect(headerSecrets("X-ApiKey", "plain")).toEqual(["plain", "plain"]);
  });

  it("takes every cookie value of a Cookie header, in any spelling", () => {
    expect(headerSecrets("cookie", "sid=s1; other=o=2")).toEqual(["sid=s1; other=o=2", "s1", "o=2"]);
    expect(headerSecrets("Cookie", "sid=s1")).toEqual(["sid=s1", "s1"]);
  });
});
