/** RFC 7617 Basic credentials: UTF-8 before base64, any password character, no ':' in the user-id. */
import { describe, expect, it } from "vitest";
import { basicAuthorization, checkCredentials } from "../../runtime/core/credentials.js";
import { InputError } from "cloud-interfaces/core";

const decode = (header: string) => Buffer.from(header.replace(/^Basic /, ""), "base64").toString("utf8");
const schemes = { basicAuth: { type: "http", scheme: "basic" } } as const;

describe("Basic credentials", () => {
  it.each([
    ["ASCII", "client-1", "s3cret"],
    ["non-ASCII (UTF-8)", "clïent-ü", "pässwörd-密码-🔑"],
    ["reserved characters in the secret", "client", ":/?#[]@!$&'()*+,;=% \"\\"],
    ["a colon in the secret", "client", "a:b:c"],
  ])("%s round-trips through base64 as UTF-8", (_name, username, password) => {
    const header = basicAuthorization({ username, password });
    expect(header).toMatch(/^Basic [A-Za-z0-9+/]+=*$/);
    expect(decode(header)).toBe(`${username}:${password}`);
  });

  it("matches the RFC 7617 §2 example", () => {
    expect(basicAuthorization({ username: "Aladdin", password: "open sesame" })).toBe("Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ==");
  });

  it("rejects a client id containing ':' with a clear error", () => {
    expect(() => checkCredentials(schemes, { basicAuth: { username: "tenant:client", password: "x" } })).toThrowError(
      expect.objectContaining({ name: "InputError", field: "credentials.basicAuth.username", message: expect.stringContaining("must not contain ':' (RFC 7617 §2)") }),
    );
  });

  it("rejects an empty client id and a malformed credential object", () => {
    expect(() => checkCredentials(schemes, { basicAuth: { username: "", password: "x" } })).toThrow(InputError);
    expect(() => checkCredentials(schemes, { basicAuth: "client:secret" })).toThrow(/must be \{ username: string, password: string \}/);
  });
});
