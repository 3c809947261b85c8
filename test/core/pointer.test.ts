/** RFC 6901 pointers and local `$ref` resolution (runtime/core/pointer.ts), shared by runtime and scripts. */
import { describe, expect, it } from "vitest";
import { thrown } from "../harness/thrown.js";
import { deref, escapeToken, getAt, joinPointer, PointerError, resolveAt, splitPointer, unescapeToken } from "../../runtime/core/pointer.js";

/** The document of RFC 6901 §5. */
const rfc = { foo: ["bar", "baz"], "": 0, "a/b": 1, "c%d": 2, "e^f": 3, "g|h": 4, "i\\j": 5, 'k"l': 6, " ": 7, "m~n": 8 };

describe("JSON pointer (RFC 6901)", () => {
  it("evaluates every example of RFC 6901 §5, in the JSON-string form", () => {
    const cases: [string, unknown][] = [["", rfc], ["/foo", ["bar", "baz"]], ["/foo/0", "bar"], ["/", 0], ["/a~1b", 1], ["/c%d", 2], ["/e^f", 3], ["/g|h", 4], ["/i\\j", 5], ['/k"l', 6], ["/ ", 7], ["/m~0n", 8]];
    for (const [pointer, value] of cases) expect(getAt(rfc, pointer), pointer).toEqual(value);
  });

  it("reads the URI-fragment form too, without percent-decoding (no producer here encodes keys)", () => {
    expect(getAt(rfc, "#")).toBe(rfc);
    expect(getAt(rfc, "#/foo/1")).toBe("baz");
    expect(getAt(rfc, "#/a~1b")).toBe(1);
    expect(getAt(rfc, "#/c%d")).toBe(2);
    expect(getAt({ "c d": 9 }, "#/c%20d")).toBeUndefined();
  });

  it("unescapes ~1 before ~0, so ~01 is the key ~1", () => {
    expect(unescapeToken("~01")).toBe("~1");
    expect(unescapeToken("~10")).toBe("/0");
    expect(splitPointer("#/a~0b/~01")).toEqual(["a~b", "~1"]);
    expect(splitPointer("#/paths/~1a~1{id}/get")).toEqual(["paths", "/a/{id}", "get"]);
  });

  it("escapes ~ before /, so a key round-trips through join and split", () => {
    expect(escapeToken("~/")).toBe("~0~1");
    expect(escapeToken("/~1")).toBe("~1~01");
    const keys = ["paths", "/a/{id}", "a~b", "~1", "", "%20", "3"];
    expect(splitPointer(joinPointer(keys))).toEqual(keys);
    expect(joinPointer(["paths", "/a/{id}", "a~b", 3])).toBe("#/paths/~1a~1{id}/a~0b/3");
    expect(joinPointer([])).toBe("#");
  });

  it("splits the root and empty keys as RFC 6901 says ('/' is the key '', not the root)", () => {
    expect(splitPointer("")).toEqual([]);
    expect(splitPointer("#")).toEqual([]);
    expect(splitPointer("/")).toEqual([""]);
    expect(splitPointer("#/")).toEqual([""]);
    expect(splitPointer("#/a//b")).toEqual(["a", "", "b"]);
    expect(splitPointer("/x/0")).toEqual(["x", "0"]);
  });

  it("refuses a pointer that breaks the grammar, with a typed error naming it and the rule", () => {
    for (const bad of ["a/b", "#a", "/a~", "/a~2", "#/~x"]) {
      const e = thrown(() => splitPointer(bad));
      expect(e, bad).toBeInstanceOf(PointerError);
      expect(e.pointer).toBe(bad);
      expect(e.message).toContain("RFC 6901 §3");
    }
  });

  it("walks only a container's own members, and array indexes without leading zeros", () => {
    const doc = { list: ["a", "b"], text: "abc", obj: {} };
    expect(getAt(doc, "/list/1")).toBe("b");
    expect(getAt(doc, "/list/01")).toBeUndefined();
    expect(getAt(doc, "/list/-")).toBeUndefined();
    expect(getAt(doc, "/list/length")).toBeUndefined();
    expect(getAt(doc, "/list/2")).toBeUndefined();
    expect(getAt(doc, "/text/0")).toBeUndefined();
    expect(getAt(doc, "/obj/constructor")).toBeUndefined();
    expect(getAt(doc, "/obj/__proto__")).toBeUndefined();
    expect(getAt(doc, "/missing/deeper")).toBeUndefined();
    expect(getAt(doc, ["list", "0"])).toBe("a");
  });
});

describe("local $ref resolution", () => {
  const doc = { a: { "b/c": { "d~e": { $ref: "#/z" } } }, z: { value: 1 }, x: { $ref: "#/a/b~1c/d~0e" }, loop: { $ref: "#/loop" }, p: { $ref: "#/q" }, q: { $ref: "#/p" } };

  it("follows a chain through escaped keys and says where it ended", () => {
    expect(deref(doc, { $ref: "#/x" })).toEqual({ value: 1 });
    expect(resolveAt(doc, { $ref: "#/x" }, "#/start")).toEqual({ value: { value: 1 }, pointer: "#/z" });
    expect(resolveAt(doc, { plain: true }, "#/start")).toEqual({ value: { plain: true }, pointer: "#/start" });
  });

  it("leaves what is no reference alone, and resolves a reference to nothing to undefined", () => {
    expect(deref(doc, undefined)).toBeUndefined();
    expect(deref(doc, null)).toBeNull();
    expect(deref(doc, { $ref: 3 })).toEqual({ $ref: 3 });
    expect(deref(doc, { $ref: "#/missing/deeper" })).toBeUndefined();
  });

  it("follows a long chain to its end (no fixed hop limit)", () => {
    const chain: Record<string, any> = { n40: { end: true } };
    for (let i = 0; i < 40; i++) chain[`n${i}`] = { $ref: `#/n${i + 1}` };
    expect(deref(chain, { $ref: "#/n0" })).toEqual({ end: true });
  });

  it("refuses a cycle, naming the references that form it", () => {
    const self = thrown(() => deref(doc, { $ref: "#/loop" }));
    expect(self).toBeInstanceOf(PointerError);
    expect(self.message).toBe('$ref "#/loop" is part of a reference cycle: #/loop → #/loop');
    expect(thrown(() => deref(doc, { $ref: "#/p" })).message).toBe('$ref "#/p" is part of a reference cycle: #/p → #/q → #/p');
  });

  it("refuses a reference that leaves the document", () => {
    const e = thrown(() => deref(doc, { $ref: "other.yaml#/a" }));
    expect(e).toBeInstanceOf(PointerError);
    expect(e.pointer).toBe("other.yaml#/a");
    expect(e.message).toContain("leaves the document");
  });
});
