/** Issue 14: choices an independent audit found in the notifications document(s) without an `x-assumed` note, each checked where it lives in the bundle: the choice itself, and that it is marked (listed by npm run assumptions). */
import { describe, expect, it } from "vitest";
import { bundledDocument } from "../harness/documents.js";
import { expectMarked, node } from "../harness/audit-marks.js";

describe("notifications-v1 (item 15)", () => {
  const id = "notifications-v1";
  it("the general 403/408/429/503 are on every operation, and marked", () => {
    const doc = bundledDocument(id);
    for (const name of ["Forbidden", "RequestTimeout", "TooManyRequests", "ServiceUnavailable"]) {
      const ref = `#/components/responses/${name}`;
      expectMarked(id, node(id, ref));
      for (const [path, item] of Object.entries<any>(doc.paths)) {
        for (const [method, operation] of Object.entries<any>(item)) {
          if (!operation?.responses) continue;
          expect(Object.values<any>(operation.responses).some((r) => r.$ref === ref), `${method} ${path} ${name}`).toBe(true);
        }
      }
    }
  });

  it("error shape, rule filters, closed chat params and the instance id minimum are stated and marked", () => {
    const errorItem = node(id, "#/components/schemas/ErrorItem");
    expect(errorItem.value.required).toEqual(["code", "message", "more_info"]);
    expectMarked(id, errorItem);
    const errors = node(id, "#/components/schemas/ErrorResponse/properties/errors");
    expect(errors.value.minItems).toBe(1);
    expectMarked(id, errors);
    const rule = node(id, "#/components/schemas/RuleRequest");
    expect(rule.value.required ?? []).not.toContain("event_type_filter");
    expectMarked(id, rule);
    const chat = node(id, "#/components/schemas/ChatTemplateParams");
    expect(chat.value.additionalProperties).toBe(false);
    expectMarked(id, chat);
    const instance = node(id, "#/components/schemas/InstanceId");
    expect(instance.value.minLength).toBe(10);
    expectMarked(id, instance);
  });
});
