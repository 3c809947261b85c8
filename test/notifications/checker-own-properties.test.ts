/**
 * Issue 23 defect 5: the checker looks at own properties only. Keys named after
 * Object.prototype members must not pass a closed object, and `required: ["toString"]` must
 * not be met by an empty one.
 */
import { describe, expect, it } from "vitest";
import { rules } from "../../generated/notifications-v1/rules.js";
import { firstViolation, type Rule } from "../../runtime/core/rules.js";

const INHERITED = ["toString", "constructor", "__proto__", "hasOwnProperty", "valueOf", "isPrototypeOf"];
/** JSON.parse makes an own `__proto__` key, as a body read from JSON would have. */
const withKey = (key: string, value: unknown = "x") => JSON.parse(JSON.stringify({ known: "k" }).replace("{", `{${JSON.stringify(key)}:${JSON.stringify(value)},`));
const closed: Rule = { type: "object", properties: { known: { type: "string" } }, additionalProperties: false };

describe.each(INHERITED)("a key named %s", (key) => {
  it("is not a field of a closed object", () => {
    const value = withKey(key);
    expect(Object.hasOwn(value, key)).toBe(true);
    expect(firstViolation(closed, value, "body", {})).toMatchObject({ keyword: "additionalProperties", field: `body.${key}` });
  });

  it("is not a field of the document's closed ChatTemplateParams", () => {
    const value = JSON.parse(`{"body":"aGk=",${JSON.stringify(key)}:1}`);
    expect(firstViolation({ $ref: "ChatTemplateParams" }, value, "params", rules.schemas)).toMatchObject({ keyword: "additionalProperties" });
  });

  it("as a required name, is missing from an empty object", () => {
    expect(firstViolation({ type: "object", required: [key] }, {}, "body", {})).toMatchObject({ keyword: "required", field: `body.${key}` });
  });

  it("as a required name, is present when it is an own key", () => {
    expect(firstViolation({ type: "object", required: [key] }, withKey(key), "body", {})).toBeUndefined();
  });

  it("is checked by its own rule when the schema names it", () => {
    const rule: Rule = { type: "object", properties: { [key]: { type: "integer" } }, additionalProperties: false };
    expect(firstViolation(rule, withKey(key, "not a number"), "body", {})).toMatchObject({ keyword: "type", field: `body.${key}` });
    expect(firstViolation(rule, withKey(key, 1), "body", {})).toMatchObject({ keyword: "additionalProperties", field: "body.known" });
  });
});
