// isApiError (made by isApiErrorOf per service): narrows by class, then by operation, then by status.
import { beforeEach, describe, expect, it } from "vitest";
import { ApiError, InputError } from "../../runtime/core/errors.js";
import { isApiErrorOf } from "../../runtime/core/typed-errors.js";

interface Ops {
  getKey: { responses: { 200: { content: { "application/json": { id: string } } }; 404: { content: { "application/json": { code: string } } }; 500: { content: {} } } };
  createKey: { responses: { 201: { content: {} }; 409: { content: { "application/json": { reason: string } } } } };
}
const notFound = new ApiError("getKey", 404, { code: "NOT_FOUND" });

describe("isApiError", () => {
  // Made inside each test, as a service entry point makes it, so the factory runs under the test.
  let isApiError: ReturnType<typeof isApiErrorOf<Ops>>;
  beforeEach(() => {
    isApiError = isApiErrorOf<Ops>();
  });

  it("accepts any ApiError when given no operation or status", () => {
    expect(isApiError(notFound)).toBe(true);
    expect(isApiError(new ApiError("createKey", 409, {}))).toBe(true);
  });

  it("refuses what is not an ApiError, however alike it looks", () => {
    expect(isApiError(new InputError("id", "required"))).toBe(false);
    expect(isApiError(new Error("getKey failed with status 404"))).toBe(false);
    expect(isApiError({ name: "ApiError", operation: "getKey", status: 404, body: {} }, "getKey", 404)).toBe(false);
    expect(isApiError(undefined)).toBe(false);
  });

  it("narrows by operation", () => {
    expect(isApiError(notFound, "getKey")).toBe(true);
    expect(isApiError(notFound, "createKey")).toBe(false);
  });

  it("narrows by operation and status together", () => {
    expect(isApiError(notFound, "getKey", 404)).toBe(true);
    expect(isApiError(notFound, "getKey", 500)).toBe(false);
    expect(isApiError(new ApiError("getKey", 500, {}), "getKey", 404)).toBe(false);
    expect(isApiError(notFound, "createKey", 409)).toBe(false);
  });

  it("lets a narrowed error's body be read as the documented schema", () => {
    const error: unknown = notFound;
    if (!isApiError(error, "getKey", 404)) expect.unreachable();
    const code: string = error.body.code;
    expect(code).toBe("NOT_FOUND");
  });
});
