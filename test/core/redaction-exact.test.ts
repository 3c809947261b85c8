/**
 * Issue 23 defect 1: redaction masks renderings, never data. With a short test token such as
 * the README's `bearerAuth: "t"`, an ApiError keeps its operation, status and the words of its
 * body; a secret is masked only where it stands as a whole value or token.
 */
import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import { ApiError, InputError } from "../../runtime/core/errors.js";
import { isApiErrorOf } from "../../runtime/core/typed-errors.js";
import { maskSecrets, REDACTED } from "../../runtime/core/redact.js";
import { unwrap } from "../../runtime/core/unwrap.js";
import { fakeFetch, testClient, thrown } from "./harness.js";

const renderings = (e: unknown) => [String(e), (e as Error).message, (e as Error).stack ?? "", JSON.stringify(e), inspect(e, { depth: 20 })].join("\n");
const NOT_FOUND = "Not Found: the key ring 'alpha' has no such key (either); create it, or ask the Bearers";
const isApiError = isApiErrorOf<Record<"either", { responses: { 404: { content: { "application/json": { errorMsg: string } } } } }>>();

// "ither" and "eithe" are parts of the operation id.
describe.each(["t", "a", "Bearer", "ither", "eithe"])("with the secret %j", (secret) => {
  const call = async (body: unknown) => {
    const { fetch } = fakeFetch(() => Response.json(body, { status: 404, headers: { "correlation-id": "corr-404" } }));
    const result = await testClient({ fetch, credentials: { bearerAuth: secret } }).GET!("/v1/either");
    return (await thrown(() => unwrap(result as never))) as ApiError;
  };

  it("keeps the operation, the status and the body's words exact", async () => {
    const error = await call({ errorMsg: NOT_FOUND, code: 404 });
    expect(error.operation).toBe("either");
    expect(error.status).toBe(404);
    expect(isApiError(error, "either", 404)).toBe(true);
    expect(error.correlationId).toBe("corr-404");
    expect(error.body).toEqual({ errorMsg: NOT_FOUND, code: 404 });
    expect(error.message).toBe("either failed with status 404 (correlation id corr-404)");
  });

  it("still masks the secret where it stands as a whole value or token", async () => {
    const error = await call({ echo: secret, errorMsg: `token ${secret} refused`, header: `Bearer ${secret}` });
    expect(error.body).toEqual({ echo: REDACTED, errorMsg: `token ${REDACTED} refused`, header: REDACTED });
    expect(renderings(error)).not.toMatch(new RegExp(`(^|[^\\p{L}\\p{N}])${secret}([^\\p{L}\\p{N}]|$)`, "u"));
  });
});

describe("maskSecrets masks tokens, not parts of words", () => {
  it.each([
    ["t", "the tree", "the tree"],
    ["t", "t", REDACTED],
    ["t", "a t b", `a ${REDACTED} b`],
    ["a", "a", REDACTED],
    ["a", "alpha beta", "alpha beta"],
    ["Bearer", "NoBearerHere", "NoBearerHere"],
    ["abc", "abc-def", `${REDACTED}-def`],
    ["abc", "xabc", "xabc"],
    ["é", "café é", `café ${REDACTED}`],
    ["-x-", "a-x-b", `a${REDACTED}b`],
  ])("secret %j in %j gives %j", (secret, text, masked) => {
    expect(maskSecrets(text, [secret])).toBe(masked);
  });
});

describe("the error's own fields are data", () => {
  it("an ApiError built with a secret equal to part of its operation keeps the operation", () => {
    const error = new ApiError("createKey", 404, { errorMsg: "createKey: key not found" }, undefined, ["Key", "create"]);
    expect(error.operation).toBe("createKey");
    expect(error.body).toEqual({ errorMsg: "createKey: key not found" });
  });

  it("an ApiError whose operation is itself the secret keeps it as data and masks it in every rendering", () => {
    const error = new ApiError("op-SECRET-123", 500, {}, undefined, ["op-SECRET-123"]);
    expect(error.operation).toBe("op-SECRET-123");
    expect(renderings(error)).not.toContain("op-SECRET-123");
  });

  it("an InputError keeps field and rule exact and masks its renderings", () => {
    const error = new InputError("credentials.tok-SECRET-9", "rule", "credentials.tok-SECRET-9: bad", ["tok-SECRET-9"]);
    expect(error.field).toBe("credentials.tok-SECRET-9");
    expect(error.rule).toBe("rule");
    expect(renderings(error)).not.toContain("tok-SECRET-9");
  });
});

describe("what an error keeps out of sight", () => {
  it("the secrets it masks are not an enumerable field", () => {
    const error = new ApiError("op", 500, {}, undefined, ["tok-SECRET-7"]);
    expect(Object.keys(error)).not.toContain("secrets");
    expect(JSON.stringify({ ...error })).not.toContain("tok-SECRET-7");
  });

  it("an InputError renders its field and rule in JSON and util.inspect", () => {
    const error = new InputError("body.name", "maxLength");
    expect(error.toJSON()).toEqual({ name: "InputError", message: "body.name: maxLength", field: "body.name", rule: "maxLength" });
    expect(inspect(error)).toContain("field: 'body.name'");
    expect(inspect(error)).toContain("rule: 'maxLength'");
  });
});
