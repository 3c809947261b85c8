/**
 * Issue 23 defect 4: a timeoutMs above the largest timer delay (2^31-1 ms) would be clamped by
 * Node to 1 ms and fail every call at once; it is refused at creation instead.
 */
import { describe, expect, it } from "vitest";
import { InputError } from "../../runtime/core/errors.js";
import { fakeFetch, testClient, thrown } from "./harness.js";

describe("timeoutMs", () => {
  it.each([2 ** 31, Number.MAX_SAFE_INTEGER, 1e300])("refuses %d with an InputError", async (timeoutMs) => {
    const error = await thrown(() => testClient({ timeoutMs }));
    expect(error).toBeInstanceOf(InputError);
    expect(error).toMatchObject({ field: "timeoutMs", rule: "maximum" });
    expect(error.message).toContain("2147483647");
  });

  it("accepts the largest timer delay, and a call then succeeds", async () => {
    const { fetch } = fakeFetch();
    const result = await testClient({ fetch, timeoutMs: 2 ** 31 - 1 }).GET!("/v1/open");
    expect(result.response.status).toBe(200);
  });
});
