// The common text pattern (§2) exactly as the bundled document states it: a rule changed in
// openapi/notifications-v1.yaml is what this test sees.
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { bundledDocument } from "../harness/documents.js";
import { validateAt } from "../harness/validator.js";

const ID = "notifications-v1";
const schemas = () => bundledDocument(ID).components.schemas;

const SPECIALS = `-_/.?:'";,+=!#@$%^&*()`;
const mustPass: [string, string][] = [
  ["one letter", "a"],
  ["letters, digits and spaces", "CI pipeline 2"],
  ["every listed special character", SPECIALS],
  ["specials between words", `What's "new"? (build #42: 100% ok & done!) a/b.c;d,e+f=g@h$i^j*k-l_m`],
  ["255 characters", "x".repeat(255)],
  ["leading and trailing spaces", " padded "],
];
const mustFail: [string, string][] = [
  ["empty", ""],
  ["opening angle bracket", "a<b"],
  ["closing angle bracket", "a>b"],
  ["an HTML tag", "<script>"],
  ["newline", "line\nbreak"],
  ["carriage return", "line\rbreak"],
  ["tab", "tab\there"],
  ["backslash", "back\\slash"],
  ["256 characters", "x".repeat(256)],
  ["square brackets", "[x]"],
  ["braces", "{x}"],
  ["pipe", "a|b"],
  ["tilde", "a~b"],
  ["backtick", "a`b"],
  ["non-ASCII letter (letters read as A-Z, a-z: x-assumed)", "café"],
];

function compilePattern(pattern: string) {
  // Strict mode and the "u" flag Ajv uses for every pattern: an expression that is not valid
  // Unicode-mode JavaScript fails here rather than silently in the mock.
  return new Ajv2020({ strict: true }).compile({ type: "string", pattern });
}

describe("common text pattern (CommonText)", () => {
  it("is one anchored pattern with the 1-255 length in the document", () => {
    const s = schemas().CommonText;
    expect(s.pattern).toMatch(/^\^.*\$$/);
    expect(s).toMatchObject({ type: "string", minLength: 1, maxLength: 255 });
  });

  it.each(mustPass)("pattern accepts %s", (_, value) => {
    expect(compilePattern(schemas().CommonText.pattern)(value)).toBe(true);
    expect(validateAt(ID, "#/components/schemas/CommonText", value)).toEqual([]);
  });

  it.each(mustFail)("pattern rejects %s", (_, value) => {
    expect(compilePattern(schemas().CommonText.pattern)(value)).toBe(false);
    expect(validateAt(ID, "#/components/schemas/CommonText", value)).not.toEqual([]);
  });
});

describe("template text (TemplateText) is derived from CommonText, not copied", () => {
  it("refers to CommonText", () => {
    expect(schemas().TemplateText.$ref).toBe("#/components/schemas/CommonText");
    expect(schemas().TemplateText.pattern).toBeUndefined();
  });

  it.each([...mustPass, ["a trailing space", "Expiry mail "]])("accepts %s", (_, value) => {
    expect(validateAt(ID, "#/components/schemas/TemplateText", value)).toEqual([]);
  });

  it.each(mustFail)("rejects %s", (_, value) => {
    expect(validateAt(ID, "#/components/schemas/TemplateText", value)).not.toEqual([]);
  });
});

describe("every name and description field uses the shared rule", () => {
  const users: [schema: string, field: string, rule: string][] = [
    ["SourceCreateRequest", "name", "CommonText"],
    ["SourceCreateRequest", "description", "CommonText"],
    ["SourceUpdateRequest", "name", "CommonText"],
    ["SourceUpdateRequest", "description", "CommonText"],
    ["TopicCreateRequest", "name", "CommonText"],
    ["TopicCreateRequest", "description", "CommonText"],
    ["TopicReplaceRequest", "name", "CommonText"],
    ["TopicReplaceRequest", "description", "CommonText"],
    ["EmailTemplateCreateRequest", "name", "TemplateText"],
    ["EmailTemplateCreateRequest", "description", "TemplateText"],
    ["ChatTemplateCreateRequest", "name", "TemplateText"],
    ["ChatTemplateCreateRequest", "description", "TemplateText"],
  ];
  it.each(users)("%s.%s refers to %s", (schema, field, rule) => {
    expect(schemas()[schema].properties[field].$ref).toBe(`#/components/schemas/${rule}`);
  });
});
