/**
 * The OpenAPI links and Arazzo workflows the build writes from `x-resource`
 * (scripts/lib/generate-flows.ts): on every bundled document, each link names an operation of
 * the document, fills every path parameter it needs, and its expressions reach a value in the
 * create's own documented answer and request; on a synthetic document, an envelope's identifier
 * is read at `x-resource.at` and a header partition travels as `$request.header.<name>`.
 */
import { describe, expect, it } from "vitest";
import { generateArazzo, withLinks } from "../scripts/lib/generate-flows.js";
import { readServices } from "../scripts/lib/services.js";
import { getAt } from "../runtime/core/pointer.js";
import { compileOperationTable } from "../runtime/openapi/operation-table.js";
import { itemOperations, resourceFlows } from "../runtime/openapi/resource-flows.js";
import { bundledDocument } from "./harness/documents.js";

/** Every problem with the links of one document; empty when each resolves. */
function linkProblems(doc: any): string[] {
  const table = compileOperationTable(doc);
  const byId = new Map(table.operations.map((o) => [o.operationId, o]));
  const problems: string[] = [];
  for (const flow of resourceFlows(table)) {
    const response = getAt(doc, `${flow.create.pointer}/responses/${flow.create.success.status}`) as any;
    const links = response?.links ?? {};
    const expected = itemOperations(flow).map((o) => o.operationId).sort();
    if (JSON.stringify(Object.keys(links).sort()) !== JSON.stringify(expected)) problems.push(`${flow.create.operationId} links ${Object.keys(links)} not ${expected}`);
    const examples = Object.values<any>(response?.content ?? {}).flatMap((m) => Object.values<any>(m.examples ?? {}).map((e) => e.value));
    for (const [name, link] of Object.entries<any>(links)) {
      const target = byId.get(link.operationId);
      if (!target) {
        problems.push(`${name}: no operation ${link.operationId}`);
        continue;
      }
      for (const p of target.parameters.filter((p) => p.in === "path")) if (!(`path.${p.name}` in link.parameters)) problems.push(`${name}: path parameter ${p.name} not filled`);
      for (const [key, expression] of Object.entries<string>(link.parameters)) {
        const [where, param] = [key.slice(0, key.indexOf(".")), key.slice(key.indexOf(".") + 1)];
        if (!target.parameters.some((p) => p.in === where && p.name === param)) problems.push(`${name}: ${key} is no parameter of ${target.operationId}`);
        const body = /^\$response\.body#(.*)$/.exec(expression);
        const request = /^\$request\.(path|header|query)\.(.+)$/.exec(expression);
        if (body) {
          if (examples.length === 0 || examples.some((e) => getAt(e, body[1]!) === undefined)) problems.push(`${name}: ${expression} reaches nothing in the documented answer`);
        } else if (request) {
          if (!flow.create.parameters.some((p) => p.in === request[1] && p.name === request[2])) problems.push(`${name}: ${expression} names no parameter of ${flow.create.operationId}`);
        } else problems.push(`${name}: ${expression} is not a runtime expression`);
      }
    }
  }
  return problems;
}

describe("links on the bundled documents", () => {
  const services = readServices();
  it.each(services.map((s) => [s.id] as const))("%s: every link names an operation, fills its path and reaches a value", (id) => {
    expect(linkProblems(bundledDocument(id))).toEqual([]);
  });
  it("at least one document has links", () => {
    expect(services.some((s) => resourceFlows(compileOperationTable(bundledDocument(s.id))).some((f) => itemOperations(f).length > 0))).toBe(true);
  });
});

/** A collection whose create answers in an envelope and whose partition is a header. */
function envelopeDocument(): any {
  const partition = { name: "x-tenant", in: "header", required: true, schema: { type: "string" }, example: "t-1" };
  const idParam = { name: "thingId", in: "path", required: true, schema: { type: "string" } };
  const thing = { type: "object", properties: { id: { type: "string" }, name: { type: "string" } } };
  const ok = (status: string, example?: unknown) => ({ [status]: { description: "ok", ...(example ? { content: { "application/json": { schema: { type: "object" }, examples: { one: { value: example } } } } } : {}) } });
  return {
    openapi: "3.1.0",
    info: { title: "Things", version: "1.0.0" },
    components: { securitySchemes: { key: { type: "apiKey", in: "header", name: "x-key", "x-example": "k-1" } } },
    security: [{ key: [] }],
    paths: {
      "/things": {
        post: {
          operationId: "makeThing",
          "x-resource": { name: "thing", action: "create", partition: ["x-tenant"], at: "/resources/0", body: "/resources/0", unique: ["name"], set: { id: "uuid" } },
          parameters: [partition],
          requestBody: { content: { "application/json": { schema: { type: "object" }, examples: { a: { value: { resources: [{ name: "first" }] } } } } } },
          responses: ok("201", { resources: [{ id: "abc", name: "first" }] }),
        },
      },
      "/things/{thingId}": {
        get: { operationId: "readThing", "x-resource": { name: "thing", action: "get", partition: ["x-tenant"], id: "thingId" }, parameters: [partition, idParam], responses: ok("200", { id: "abc" }) },
        delete: { operationId: "dropThing", "x-resource": { name: "thing", action: "delete", partition: ["x-tenant"], id: "thingId" }, parameters: [partition, idParam], responses: { "204": { description: "gone" } } },
      },
    },
    thing,
  };
}

describe("links and workflows of a synthetic document", () => {
  it("read the identifier at x-resource.at and pass a header partition from the request", () => {
    const input = envelopeDocument();
    const linked: any = withLinks(input);
    expect(input.paths["/things"].post.responses["201"].links).toBeUndefined();
    expect(linked.paths["/things"].post.responses["201"].links).toEqual({
      readThing: { operationId: "readThing", parameters: { "header.x-tenant": "$request.header.x-tenant", "path.thingId": "$response.body#/resources/0/id" }, description: expect.stringMatching(/^Reads the thing/) },
      dropThing: { operationId: "dropThing", parameters: { "header.x-tenant": "$request.header.x-tenant", "path.thingId": "$response.body#/resources/0/id" }, description: expect.stringMatching(/^Deletes the thing/) },
    });
    expect(linkProblems(linked)).toEqual([]);
  });

  it("a link check finds a link to an operation the document does not have", () => {
    const linked: any = withLinks(envelopeDocument());
    linked.paths["/things"].post.responses["201"].links.readThing.operationId = "readThings";
    expect(linkProblems(linked)).toContain("readThing: no operation readThings");
  });

  it("writes one workflow: create, read back, delete, gone; the unique name and credentials from inputs", () => {
    const arazzo = generateArazzo({ id: "things", document: "things.yaml", seed: "" }, withLinks(envelopeDocument()));
    expect(arazzo.arazzo).toBe("1.0.1");
    expect(arazzo.sourceDescriptions).toEqual([{ name: "things", url: "./things.yaml", type: "openapi" }]);
    const [workflow] = arazzo.workflows;
    expect(workflow.steps.map((s: any) => [s.stepId, s.operationId, s.successCriteria[0].condition])).toEqual([
      ["createThing", "makeThing", "$statusCode == 201"],
      ["readThingAfterCreate", "readThing", "$statusCode == 200"],
      ["deleteThing", "dropThing", "$statusCode == 204"],
      ["thingIsGone", "readThing", "$statusCode == 404"],
    ]);
    expect(workflow.steps[0].outputs).toEqual({ id: "$response.body#/resources/0/id" });
    expect(workflow.steps[0].requestBody.replacements).toEqual([{ target: "/resources/0/name", value: "$inputs.thing_name" }]);
    expect(workflow.steps[1].parameters).toEqual([
      { name: "x-tenant", in: "header", value: "$inputs.x_tenant" },
      { name: "thingId", in: "path", value: "$steps.createThing.outputs.id" },
    ]);
    expect(workflow.steps[1]["x-security"]).toEqual([{ schemeName: "key", values: { apiKey: "$inputs.key" } }]);
    expect(workflow.inputs.properties.x_tenant.default).toBe("t-1");
    expect(workflow.inputs.properties.key.default).toBe("k-1");
  });

  it("writes none for a document without a resource that has a create", () => {
    const doc = envelopeDocument();
    delete doc.paths["/things"].post["x-resource"];
    expect(generateArazzo({ id: "things", document: "things.yaml", seed: "" }, doc)).toBeUndefined();
  });
});
