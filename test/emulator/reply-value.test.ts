/**
 * An emulator's JSON answer is serialised once and checked as the object it was built from
 * (app.ts json(), contract.ts responseProblems): the text is never parsed back. A value JSON
 * would change is parsed back instead, so what is checked is always what is sent.
 */
import { describe, expect, it } from "vitest";
import { json } from "../../runtime/emulator/app.js";
import { Contract } from "../../runtime/emulator/contract.js";
import { ajvValidators } from "../../runtime/emulator/ajv-validators.js";

const doc = {
  openapi: "3.1.0",
  info: { title: "t", version: "1" },
  paths: { "/t": { get: { operationId: "getT", responses: { "200": { description: "ok", content: { "application/json": { schema: { type: "object", required: ["n"], properties: { n: { type: "integer" } } } } } } } } } },
};

describe("answers checked as objects", () => {
  const contract = new Contract("t", doc, ajvValidators("t", doc));
  const op = contract.operations[0]!;

  it("json() keeps the value it serialised", () => {
    const body = { n: 1, list: [1, "a", null, { b: true }] };
    const reply = json(200, body);
    expect(reply.value).toBe(body);
    expect(JSON.parse(reply.body!)).toEqual(body);
  });

  it("a value JSON changes is parsed back: the check sees what is sent", () => {
    for (const body of [{ n: undefined }, { n: Number.NaN }, { n: new Date(0) }, { n: [undefined] }, { n: 1, toJSON: () => ({}) }]) {
      const reply = json(200, body);
      expect(reply.value).toEqual(JSON.parse(reply.body!));
      expect(reply.value).not.toBe(body);
    }
  });

  it("the check validates the value without parsing the text", () => {
    expect(contract.checkResponse(op, { status: 200, headers: { "content-type": "application/json" }, body: "<not parsed>", value: { n: 1 } })).toEqual([]);
    expect(contract.checkResponse(op, { status: 200, headers: { "content-type": "application/json" }, body: "<not parsed>", value: { n: "x" } })).toEqual(["body/n must be integer"]);
    // Without a value (a handler's own text), the text is parsed as before.
    expect(contract.checkResponse(op, { status: 200, headers: { "content-type": "application/json" }, body: "{" })).toEqual(["body is not valid JSON"]);
    expect(contract.checkResponse(op, json(200, { n: Number.NaN }))).toEqual(["body/n must be integer"]);
  });
});
