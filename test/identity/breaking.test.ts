/** The breaking-change gate on the identity documents: their edits, and v3 → v4 as the interface document says. */
import { describe, expect, it } from "vitest";
import { diffBreaking } from "../../scripts/lib/breaking.js";
import { copy, describeAdditiveEdits, describeBreakingEdits, original, reported, type Edit } from "../harness/breaking-edits.js";

const identity = (d: any, name: string) => d.components.schemas[name];
const authorize = (d: any) => d.paths["/oauth/v4/{tenantId}/authorization"].get;

const said: Record<string, string[]> = {
  "security added to an open operation": [
    "GET /oauth/v4/{tenantId}/authorization: security added to an open operation: bearerAuth"
  ],
  "new required field in an identity TokenRequest branch": [
    "POST /oauth/v4/{tenantId}/token body.oneOf[client_credentials].scope: request field newly required"
  ],
};

const documentEdits: Edit[] = [
  { name: "security added to an open operation", service: "identity-v4", edit: (d) => (authorize(d).security = [{ bearerAuth: [] }]), rules: ["api-security-added"] },
  { name: "new required field in an identity TokenRequest branch", service: "identity-v4", edit: (d) => identity(d, "TokenRequest").oneOf.find((b: any) => b.title === "client_credentials").required.push("scope"), rules: ["request-property-became-required"] },
];

const additive: [string, string, (d: any) => void][] = [
  ["response enum value removed", "identity-v4", (d) => identity(d, "AuthorizationErrorCode").enum.pop()],
  ["security made optional", "identity-v4", (d) => (d.paths["/oauth/v4/{tenantId}/userinfo"].get.security = [])],
  ["security scheme description edited", "identity-v4", (d) => (Object.values<any>(d.components.securitySchemes)[0].description = "changed")],
];

describeBreakingEdits(documentEdits, said);
describeAdditiveEdits(additive);

describe("identity v3 → v4", () => {
  it("differs exactly as the interface document says (§9)", () => {
    const found = diffBreaking(original("identity-v3"), original("identity-v4"), {
      mapPath: (p) => p.replace("/oauth/v4/", "/oauth/v3/"),
    }).map((c) => `${c.where}: ${c.change}`);
    expect(found.sort()).toEqual(
      [
        "servers.region: region br-sao removed",
        "POST /oauth/v3/{tenantId}/clients: operation removed",
        "GET /oauth/v3/{tenantId}/.well-known/openid-configuration: operation removed",
      ].sort(),
    );
  });
});
