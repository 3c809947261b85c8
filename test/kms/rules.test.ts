/** The client-side rules of runtime/kms must be the document's rules, not a drifting copy. */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import {
  BASE64_PATTERN,
  FILTER_PATTERN,
  KEY_RING_LENGTH,
  KEY_RING_PATTERN,
  KEY_STATES,
  LIMIT,
  MAX_FILTER,
  MAX_SEARCH,
  MAX_STATES,
  SORT_PATTERN,
  UUID_PATTERN,
} from "../../runtime/kms/rules.js";

const doc = parse(readFileSync(new URL("../../openapi/kms-v2.yaml", import.meta.url), "utf8"));
const param = (name: string) => doc.components.parameters[name].schema;

describe("runtime/kms rules mirror openapi/kms-v2.yaml", () => {
  it("patterns", () => {
    expect(UUID_PATTERN.source).toBe(param("SvcInstance").pattern);
    expect(UUID_PATTERN.source).toBe(param("CorrelationId").pattern);
    expect(KEY_RING_PATTERN.source).toBe(param("KeyRing").pattern);
    expect(KEY_RING_PATTERN.source).toBe(param("KeyRingOnCreate").pattern);
    expect(SORT_PATTERN.source).toBe(param("Sort").pattern);
    expect(FILTER_PATTERN.source).toBe(param("Filter").pattern);
    expect(BASE64_PATTERN.source).toBe(doc.components.schemas.KeyCreate.properties.payload.pattern);
  });

  it("lengths, ranges and enums", () => {
    expect([LIMIT.min, LIMIT.max]).toEqual([param("Limit").minimum, param("Limit").maximum]);
    expect(MAX_STATES).toBe(param("State").maxItems);
    expect([...KEY_STATES]).toEqual(doc.components.schemas.KeyState.enum);
    expect(MAX_SEARCH).toBe(param("Search").maxLength);
    expect(MAX_FILTER).toBe(param("Filter").maxLength);
    expect([KEY_RING_LENGTH.min, KEY_RING_LENGTH.max]).toEqual([param("KeyRing").minLength, param("KeyRing").maxLength]);
  });
});

describe("filter grammar (pattern of the document)", () => {
  it.each([
    "",
    "state=0,1",
    "extractable=TRUE state=5",
    'creationDate=gte:"2026-01-01T00:00:00Z" creationDate=lt:"2026-02-01T00:00:00+01:00"',
    "lastRotateDate=none expirationDate=NONE",
    "state=1 state=2 state=3",
    'deletionDate="2026-01-01t00:00:00.123z"',
  ])("accepts %j", (filter) => {
    expect(FILTER_PATTERN.test(filter)).toBe(true);
  });

  it.each([
    ["a fourth term of one property", "state=1 state=2 state=3 state=0"],
    ["a state outside 0,1,2,3,5", "state=4"],
    ["an unknown property", "name=x"],
    ["a non-boolean extractable", "extractable=yes"],
    ["an unquoted date", "creationDate=2026-01-01T00:00:00Z"],
    ["an operator with none", "creationDate=lte:none"],
    ["terms without a space", "state=1extractable=true"],
  ])("rejects %s", (_why, filter) => {
    expect(FILTER_PATTERN.test(filter)).toBe(false);
  });

  it("stays fast on 512 hostile characters", () => {
    const hostile = Array.from({ length: 120 }, (_, i) => `p${String.fromCharCode(97 + (i % 26))}${i}=`).join(" ").slice(0, 512);
    const started = performance.now();
    expect(FILTER_PATTERN.test(hostile)).toBe(false);
    expect(performance.now() - started).toBeLessThan(50);
  });
});
