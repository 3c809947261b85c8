/**
 * The two KMS grammars (seed 002 §4A) as tables: each sentence of the seed's search and filter
 * rules, and each example of the document, with what the parser must make of it.
 */
import { describe, expect, it } from "vitest";
import { FilterSyntaxError, matchesFilter, parseFilter } from "../../runtime/kms/filter.js";
import { FILTER_PATTERN } from "../../runtime/kms/rules.js";
import { isLookedUpKey, isLookupSearch, matchesSearch, parseSearch } from "../../runtime/kms/search.js";

const ID = "3f6a2c1e-9b4d-4e7a-a1c2-5d8e9f0b1a2c";
const payroll = { id: ID, name: "payroll-root-key", aliases: ["payroll-root", "Finance"] };
const session = { id: "9c4e1b7a-2d3f-4a5b-8c6d-7e8f9a0b1c2d", name: "session-signing-key", aliases: [] as string[] };
const notX = { id: "11111111-2d3f-4a5b-8c6d-7e8f9a0b1c2d", name: "uses not:x inside", aliases: [] as string[] };

describe("search grammar", () => {
  // [seed sentence, search, key, matches]
  const table: Array<[string, string, typeof payroll, boolean]> = [
    ["plain text matches key names ... case-insensitively as a substring", "ROOT-KEY", payroll, true],
    ["plain text matches ... aliases ... as a substring", "financ", payroll, true],
    ["plain text that is in neither name nor alias does not match", "session", payroll, false],
    ["a full key id also matches by id", ID, payroll, true],
    ["a full key id matches only its key", ID, session, false],
    ["a partial id is plain text, not an id match", ID.slice(0, 8), payroll, false],
    ["`not:` inverts", "not:payroll", payroll, false],
    ["`not:` inverts (a key without the text matches)", "not:payroll", session, true],
    ["`not:test` - keys whose name and aliases lack test", "not:test", session, true],
    ["`escape:` takes the rest as plain text", "escape:not:x", notX, true],
    ["`escape:` - the escaped prefix is not an option", "escape:not:x", session, false],
    ["`exact:` exact match only (alias)", "exact:payroll-root", payroll, true],
    ["`exact:` exact match only (no substring)", "exact:payroll", payroll, false],
    ["`exact:alias:payroll-root` (document example)", "exact:alias:payroll-root", payroll, true],
    ["`exact:name:session-signing-key` (document example)", "exact:name:session-signing-key", session, true],
    ["scope `name:` looks at names only", "name:finance", payroll, false],
    ["scope `alias:` looks at aliases only", "alias:finance", payroll, true],
    ["scope `alias:` ignores names", "alias:root-key", payroll, false],
    ["scopes combine with OR", "alias:name:root-key", payroll, true],
    ["default scope is both", "finance", payroll, true],
    ["an id in a named scope is plain text", `name:${ID}`, payroll, false],
    ["`not:` with a scope inverts within the scope", "not:name:finance", payroll, true],
    ["the empty search matches every key", "", session, true],
  ];
  it.each(table)("%s: %j", (_sentence, search, key, expected) => {
    expect(matchesSearch(parseSearch(search), key)).toBe(expected);
  });

  it("parses prefixes into options and scopes; a repeated prefix is text", () => {
    expect(parseSearch("not:exact:alias:x")).toEqual({ text: "x", not: true, exact: true, escaped: false, scopes: ["alias"] });
    expect(parseSearch("escape:exact:x")).toEqual({ text: "exact:x", not: false, exact: false, escaped: true, scopes: [] });
    expect(parseSearch("not:not:x").text).toBe("not:x");
    expect(() => parseSearch("x".repeat(257))).toThrow(/256/);
  });

  it("for a key id or an alias scope the looked-up key is the one named exactly", () => {
    expect(isLookupSearch(parseSearch(ID))).toBe(true);
    expect(isLookupSearch(parseSearch("alias:payroll-root"))).toBe(true);
    expect(isLookupSearch(parseSearch("payroll"))).toBe(false);
    expect(isLookupSearch(parseSearch("not:alias:payroll-root"))).toBe(false);
    expect(isLookedUpKey(parseSearch("alias:payroll-root"), payroll)).toBe(true);
    expect(isLookedUpKey(parseSearch("alias:payroll"), payroll)).toBe(false);
  });
});

describe("filter grammar", () => {
  const key = { creationDate: "2026-01-15T10:00:00Z", lastUpdateDate: "2026-02-01T00:00:00Z", extractable: false, state: 1 };
  // [seed sentence, filter, matches the key]
  const table: Array<[string, string, boolean]> = [
    ["`state=1,2 extractable=false` (document example)", "state=1,2 extractable=false", true],
    ["terms are ANDed", "state=1 extractable=true", false],
    ["creationDate range (document example)", 'creationDate=gte:"2026-01-01T00:00:00Z" creationDate=lt:"2026-02-01T00:00:00Z"', true],
    ["`expirationDate=none` (document example)", "expirationDate=none", true],
    ["`none` is case-insensitive", "expirationDate=NoNe", true],
    ["`none` selects keys lacking the property only", "creationDate=none", false],
    ["operator lte:", 'creationDate=lte:"2026-01-15T10:00:00Z"', true],
    ["operator lt:", 'creationDate=lt:"2026-01-15T10:00:00Z"', false],
    ["operator gte:", 'lastUpdateDate=gte:"2026-02-01T00:00:00Z"', true],
    ["operator gt:", 'lastUpdateDate=gt:"2026-02-01T00:00:00Z"', false],
    ["a date without operator is equality (same instant, other offset)", 'creationDate="2026-01-15T11:00:00+01:00"', true],
    ["extractable is case-insensitive", "extractable=FALSE", true],
    ["state is comma-separated integers", "state=0,1,5", true],
    ["state without the key's state", "state=2,3", false],
    ["up to three terms of the same property", "state=1 state=1,2 state=0,1", true],
    ["terms are separated by spaces (several allowed, and around)", "  state=1    extractable=false ", true],
    ["a property absent on the key fails a value term", 'lastRotateDate=gt:"2020-01-01T00:00:00Z"', false],
    ["the empty filter keeps every key", "", true],
  ];
  it.each(table)("%s: %s", (_sentence, filter, expected) => {
    expect(FILTER_PATTERN.test(filter), "the document's pattern accepts it too").toBe(true);
    expect(matchesFilter(parseFilter(filter), key)).toBe(expected);
  });

  // [rule broken, filter, message fragment]
  const refused: Array<[string, string, RegExp]> = [
    ["four terms of one property", "state=1 state=1 state=1 state=1", /at most 3 terms/],
    ["dates in double quotes", "creationDate=2026-01-01T00:00:00Z", /double quotes/],
    ["an RFC 3339 date-time", 'creationDate="2026-01-01"', /RFC 3339/],
    ["only the four operators", 'creationDate=eq:"2026-01-01T00:00:00Z"', /double quotes/],
    ["operators only on dates", "state=gte:1", /state values/],
    ["state values from 0, 1, 2, 3, 5", "state=4", /state values/],
    ["state without spaces", "state=1, 2", /property=value|state values/],
    ["extractable is a boolean", "extractable=yes", /true, false or none/],
    ["known properties only", "name=x", /unknown property/],
    ["one value per term", "state=", /no value/],
    ["terms are property=value", "state", /property=value/],
    ["quotes close", 'creationDate="2026-01-01T00:00:00Z', /unclosed|double quotes/],
  ];
  it.each(refused)("refuses: %s (%s)", (_rule, filter, message) => {
    expect(FILTER_PATTERN.test(filter), "the document's pattern refuses it too").toBe(false);
    expect(() => parseFilter(filter)).toThrow(FilterSyntaxError);
    expect(() => parseFilter(filter)).toThrow(message);
  });

  it("names the place of the problem", () => {
    try {
      parseFilter('state=1 creationDate=gt:"nope"');
      expect.unreachable();
    } catch (error) {
      expect((error as FilterSyntaxError).position).toBe(25);
    }
  });
});

describe("filter parser and the document's pattern agree", () => {
  it("on generated near-grammar strings (fast-check)", async () => {
    const fc = (await import("fast-check")).default;
    const piece = fc.constantFrom(
      "state=", "extractable=", "creationDate=", "expirationDate=", "name=", "lt:", "gte:", "eq:",
      '"2026-01-01T00:00:00Z"', '"2026-01-01 00:00:00.5+01:00"', '"2026-01-01"', "1", "1,2", "4", "1,", "true", "FALSE", "none", "NONE", " ", "  ", '"', "=",
    );
    let accepted = 0;
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (parts) => {
        const filter = parts.join("");
        let parsed = true;
        try {
          parseFilter(filter);
        } catch (error) {
          if (!(error instanceof FilterSyntaxError)) throw error;
          parsed = false;
        }
        expect(parsed, JSON.stringify(filter)).toBe(FILTER_PATTERN.test(filter));
        if (parsed) accepted++;
      }),
      { numRuns: 3000, seed: 16 },
    );
    // Both verdicts must be exercised, or agreement proves little.
    expect(accepted).toBeGreaterThan(100);
    expect(accepted).toBeLessThan(2900);
  });
});
