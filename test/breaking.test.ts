/** The breaking-change check flags each kind of break, passes additive changes, and sees exactly the documented identity v3 → v4 difference. */
import { describe, expect, it } from "vitest";
import { diffBreaking } from "../scripts/lib/breaking.js";
import { bundledDocument } from "./harness/documents.js";

const kms = () => structuredClone(bundledDocument("kms-v2"));
const changes = (mutate: (doc: any) => void) => {
  const head = kms();
  mutate(head);
  return diffBreaking(bundledDocument("kms-v2"), head).map((c) => c.change);
};
const listOp = (doc: any) => doc.paths["/api/v2/keys"].get;
const keySchema = (doc: any) => doc.components.schemas.Key;

describe("breaking-change check", () => {
  it("finds nothing between a document and itself", () => {
    expect(changes(() => undefined)).toEqual([]);
  });

  it("passes additive changes: a new optional field, a new operation, a new region", () => {
    expect(
      changes((doc) => {
        keySchema(doc).properties.newField = { type: "string" };
        doc.paths["/api/v2/new"] = { get: { operationId: "newOp", responses: { "200": { description: "ok" } } } };
        doc.servers[0].variables.region.enum.push("xx-new");
      }),
    ).toEqual([]);
  });

  it.each([
    ["operation removed", (doc: any) => delete doc.paths["/api/v2/keys"].head],
    ["parameter removed", (doc: any) => (listOp(doc).parameters = listOp(doc).parameters.slice(1))],
    ["response field removed", (doc: any) => delete keySchema(doc).properties.name],
    ["region", (doc: any) => doc.servers[0].variables.region.enum.pop()],
    ["response removed", (doc: any) => delete listOp(doc).responses["429"]],
  ])("flags: %s", (kind, mutate) => {
    expect(changes(mutate).join("\n")).toContain(kind === "region" ? "removed" : kind);
  });

  it("flags a newly required request field, a removed enum value and a narrowed range", () => {
    const head = structuredClone(bundledDocument("widget"));
    const request = head.components.schemas.WidgetUrlRequest;
    request.required.push("custom");
    request.properties.flex.enum = [1];
    request.properties.key.maxLength = 10;
    request.properties.package_id.type = "string";
    const found = diffBreaking(bundledDocument("widget"), head).map((c) => c.change);
    expect(found).toEqual(
      expect.arrayContaining([
        "request field newly required",
        "enum value true removed",
        "maxLength tightened: none → 10",
        "request type narrowed: integer → string",
      ]),
    );
  });

  it("identity v3 → v4 differs exactly as the interface document says (§9)", () => {
    const found = diffBreaking(bundledDocument("identity-v3"), bundledDocument("identity-v4"), {
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
