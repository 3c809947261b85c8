/** Interface document 1, §9: identity version 3 is deprecated and names its successor; version 4 is not. */
import { describe, expect, it } from "vitest";
import { bundledDocument } from "../harness/documents.js";

describe("identity's deprecation (§9)", () => {
  it("v3 is deprecated, v4 is not", () => {
    expect(bundledDocument("identity-v3").info["x-deprecated"]).toBeTruthy();
    expect(bundledDocument("identity-v4").info["x-deprecated"]).toBeFalsy();
  });
});
