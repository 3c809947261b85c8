/** The Try it console finds identity's authorization code flow from what its operations take; PKCE where the authorization takes a code challenge. */
import { describe, expect, it } from "vitest";
import { readServices } from "../../scripts/lib/services.js";
import { tryitService } from "../../scripts/lib/site/tryit-data.js";
import { bundledDocument } from "../harness/documents.js";

describe("try-it console data", () => {
  it("finds a document's authorization code flow from what its operations take; PKCE where the authorization takes a code challenge", () => {
    const flowOf = (id: string) => tryitService(readServices().find((s) => s.id === id)!, bundledDocument(id)).codeFlow;
    expect(flowOf("identity-v4")).toEqual({ authorize: "authorize", token: "requestTokens", media: "application/x-www-form-urlencoded", pkce: true });
    expect(flowOf("identity-v3")).toEqual({ authorize: "authorize", token: "requestTokens", media: "application/x-www-form-urlencoded", pkce: false });
  });
});
