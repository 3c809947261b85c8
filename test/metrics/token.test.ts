import { bundledDocument } from "../harness/documents.js";
import { resolve } from "../harness/responses.js";
import { readFileSync } from "node:fs";
import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { InputError } from "cloud-interfaces/core";
import { apikeyToken, iamToken, uaaToken } from "cloud-interfaces/metrics-v1";

// The bundled document: the rules and examples as the package ships them, whichever file holds them.
const doc = bundledDocument("metrics-v1");
const docTokenPattern = new RegExp(doc.components.securitySchemes.userToken["x-value-pattern"]);

const SECRET = "s3cr3t-KEY-value";
const SPACE = "s-667fadfc-1c2d-4e5f-9f0e-cf4123451095";

function inputError(fn: () => unknown): InputError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(InputError);
    return e as InputError;
  }
  throw new Error("expected an InputError, nothing was thrown");
}

describe("token helpers", () => {
  it.each([
    ["apikey", () => apikeyToken(SECRET)],
    ["iam", () => iamToken(SECRET)],
    ["uaa", () => uaaToken(SECRET, SPACE)],
  ])("build a well-formed %s header", (kind, build) => {
    const token = build();
    expect(token.kind).toBe(kind);
    expect(token.headerValue()).toBe(`${kind} ${SECRET}`);
    expect(token.headerValue()).toMatch(docTokenPattern);
  });

  it("carry the space GUID: required with uaa, optional with iam and apikey", () => {
    expect(uaaToken(SECRET, SPACE).spaceGuid).toBe(SPACE);
    expect(iamToken(SECRET, SPACE).spaceGuid).toBe(SPACE);
    expect(iamToken(SECRET).spaceGuid).toBeUndefined();
    expect(apikeyToken(SECRET).spaceGuid).toBeUndefined();
    for (const missing of [undefined, ""]) {
      const e = inputError(() => uaaToken(SECRET, missing as unknown as string));
      expect(e).toMatchObject({ field: "X-Auth-Scope-Id", rule: "requiredWithUaa" });
    }
  });

  it.each(["667fadfc-1c2d-4e5f-9f0e-cf4123451095", "s-", "s- 667f", "S-667f", "s-667f\r\nX-Evil: 1", " s-667f"])(
    "reject the space GUID %j",
    (guid) => {
      expect(inputError(() => uaaToken(SECRET, guid))).toMatchObject({ field: "X-Auth-Scope-Id", rule: "pattern" });
      expect(inputError(() => iamToken(SECRET, guid))).toMatchObject({ field: "X-Auth-Scope-Id", rule: "pattern" });
    },
  );

  it.each([
    ["", "required"],
    ["   ", "required"],
    ["\t\n", "required"],
    [`${SECRET}\r\nX-Evil: 1`, "printableAscii"],
    [`${SECRET}é`, "printableAscii"],
    [` ${SECRET}`, "trimmed"],
    [`${SECRET} `, "trimmed"],
    [`iam ${SECRET}`, "noKindPrefix"],
    [`APIKEY ${SECRET}`, "noKindPrefix"],
    [42, "type"],
  ])("reject the key or token %j (rule %s)", (secret, rule) => {
    for (const build of [apikeyToken, iamToken, (t: string) => uaaToken(t, SPACE)]) {
      const e = inputError(() => build(secret as string));
      expect(e).toMatchObject({ field: "X-Auth-User-Token", rule });
    }
  });

  it("never show the secret", () => {
    const token = uaaToken(SECRET, SPACE);
    for (const shown of [String(token), `${token}`, JSON.stringify(token), inspect(token), JSON.stringify({ ...token })]) {
      expect(shown).not.toContain(SECRET);
    }
    expect(JSON.parse(JSON.stringify(token))).toEqual({ kind: "uaa", spaceGuid: SPACE });
    const e = inputError(() => iamToken(`${SECRET}\n`));
    expect(`${e.message} ${String(e)} ${inspect(e)}`).not.toContain(SECRET);
  });
});
