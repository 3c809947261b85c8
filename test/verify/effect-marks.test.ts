/** What verify may send is read from the document (x-effect, openapi/CONVENTIONS.md), not from a list of operation names. */
import { describe, expect, it } from "vitest";
import { refusal } from "../../runtime/verify/safety.js";
import type { TableOperation } from "../../runtime/openapi/operation-table.js";

const op = (method: string, marks: { "x-effect"?: unknown } = {}) => ({ method, operationId: "made-up", effect: marks["x-effect"] }) as unknown as TableOperation;
const readOnly = { allowWrites: false, allowSend: false };
const writes = { allowWrites: true, allowSend: false };
const all = { allowWrites: true, allowSend: true };

describe("x-effect", () => {
  it("a POST marked none is sent read-only; an unmarked POST needs --allow-writes", () => {
    expect(refusal(op("POST", { "x-effect": "none" }), readOnly)).toBeUndefined();
    expect(refusal(op("POST"), readOnly)).toBe("POST changes server state: needs --allow-writes");
    expect(refusal(op("POST"), writes)).toBeUndefined();
  });

  it("an operation marked sends needs --allow-writes and --allow-send, whatever its method", () => {
    for (const method of ["POST", "GET"]) {
      expect(refusal(op(method, { "x-effect": "sends" }), readOnly)).toMatch(/needs --allow-writes and --allow-send/);
      expect(refusal(op(method, { "x-effect": "sends" }), writes)).toMatch(/needs --allow-writes and --allow-send/);
      expect(refusal(op(method, { "x-effect": "sends" }), all)).toBeUndefined();
    }
  });

  it("safe methods need no mark", () => {
    for (const method of ["GET", "HEAD", "OPTIONS"]) expect(refusal(op(method), readOnly)).toBeUndefined();
  });
});
