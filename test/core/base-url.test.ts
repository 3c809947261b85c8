/** Issue 17 item 3: base URLs are http(s) without userinfo, and no error echoes the URL. */
import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import { resolveBaseUrl } from "../../runtime/core/create-client.js";
import { InputError } from "../../runtime/core/errors.js";
import { fakeFetch, meta, testClient, thrown } from "./harness.js";

const render = (e: unknown) => [String(e), (e as Error).stack, JSON.stringify(e), inspect(e)].join("\n");

describe("baseUrl option", () => {
  it.each([
    ["userinfo with a password", "http://user:SECRET-pw-1@api.example.com", "must not contain a user name or password", "userinfo"],
    ["userinfo without a password", "https://SECRET-pw-1@api.example.com/base", "must not contain a user name or password", "userinfo"],
    ["a password without a user name", "https://:SECRET-pw-1@api.example.com/base", "must not contain a user name or password", "userinfo"],
    ["javascript:", "javascript:alert('SECRET-pw-1')", "must be an http: or https: URL", "protocol"],
    ["file:", "file:///etc/SECRET-pw-1", "must be an http: or https: URL", "protocol"],
    ["ftp:", "ftp://api.example.com/SECRET-pw-1", "must be an http: or https: URL", "protocol"],
    ["data:", "data:text/plain,SECRET-pw-1", "must be an http: or https: URL", "protocol"],
    ["relative", "/SECRET-pw-1", "must be an absolute URL", "format"],
    ["garbage", "http://[SECRET-pw-1", "must be an absolute URL", "format"],
  ])("refuses %s, naming the option and rule without echoing the URL", (_name, baseUrl, rule, keyword) => {
    const error = (() => {
      try {
        testClient({ baseUrl });
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(InputError);
    expect(error).toMatchObject({ field: "baseUrl", rule: keyword, message: `baseUrl: ${rule}` });
    expect(render(error)).not.toContain("SECRET-pw-1");
  });

  it.each(["http://127.0.0.1:8080", "https://api.example.com/base/", "HTTPS://API.EXAMPLE.COM"])("accepts %s", (baseUrl) => {
    expect(() => testClient({ baseUrl })).not.toThrow();
  });

  it("keeps the configured path prefix and drops a trailing slash", async () => {
    const { sent, fetch } = fakeFetch();
    await testClient({ fetch, baseUrl: "https://api.example.com/base/" }).GET!("/v1/open");
    expect(sent[0]!.url).toBe("https://api.example.com/base/v1/open");
  });

  it("a per-call baseUrl is checked the same way and never echoed", async () => {
    const { sent, fetch } = fakeFetch();
    const client = testClient({ fetch });
    for (const baseUrl of ["http://u:SECRET-pw-1@api.example.com/base", "file:///SECRET-pw-1", "nonsense SECRET-pw-1"]) {
      const error = await thrown(() => client.GET!("/v1/open", { baseUrl }));
      expect(error).toMatchObject({ name: "InputError", field: "baseUrl" });
      expect(render(error)).not.toContain("SECRET-pw-1");
    }
    expect(sent).toEqual([]);
  });

  it("a per-call baseUrl of another origin is refused for protected operations and allowed for open ones", async () => {
    const { sent, fetch } = fakeFetch();
    const client = testClient({ fetch });
    const error = await thrown(() => client.GET!("/v1/either", { baseUrl: "https://other.example.com" }));
    expect(error).toMatchObject({ field: "baseUrl", message: expect.stringContaining("credentials are only sent to the configured service origin") });
    await client.GET!("/v1/either", { baseUrl: "https://api.example.com/other" });
    await client.GET!("/v1/open", { baseUrl: "https://other.example.com/x" });
    expect(sent.map((s) => s.url)).toEqual(["https://api.example.com/other/v1/either", "https://other.example.com/x/v1/open"]);
    expect(sent[1]!.headers.authorization).toBeUndefined();
  });
});

describe("documented servers", () => {
  it("uses the first server and the default region", () => {
    expect(resolveBaseUrl(meta, {})).toBe("https://us-south.api.example.com/base");
  });
  it("picks a server by name and a region from its enum", () => {
    expect(resolveBaseUrl(meta, { server: "public", region: "eu-de" })).toBe("https://eu-de.api.example.com/base");
    expect(resolveBaseUrl(meta, { server: "private" })).toBe("https://private.eu-de.api.example.com/base");
  });
  it("refuses an unknown server, naming the choices", () => {
    expect(() => resolveBaseUrl(meta, { server: "nope" })).toThrowError(expect.objectContaining({ field: "server", message: expect.stringContaining("must be one of public, private, staging") }));
  });
  it("fills only the region variable from the region option; others keep their default", () => {
    expect(resolveBaseUrl(meta, { server: "staging", region: "eu-de" })).toBe("https://stage.eu-de.example.com");
  });
  it("refuses a region outside the enum", () => {
    expect(() => resolveBaseUrl(meta, { region: "mars" })).toThrowError(expect.objectContaining({ field: "region", rule: "enum", message: "region: must be one of us-south, eu-de" }));
  });
  it("refuses a free-form region that would change the host or add userinfo", () => {
    for (const region of ["x@evil.example", "evil.example/", "a b"]) {
      const error = (() => {
        try {
          resolveBaseUrl(meta, { server: "private", region });
        } catch (e) {
          return e;
        }
      })();
      expect(error, region).toMatchObject({ name: "InputError", field: "region", rule: "pattern", message: "region: must contain only letters, digits, '-', '.', '_' or '~'" });
    }
  });
  it("accepts a free-form region that is a host label", () => {
    expect(resolveBaseUrl(meta, { server: "private", region: "ap-north-1" })).toBe("https://private.ap-north-1.api.example.com/base");
  });
});
