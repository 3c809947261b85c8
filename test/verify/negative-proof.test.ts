/**
 * A negative case proves its rule only when the server refuses it for that rule: the request is
 * otherwise valid now (fresh unique values) and must get the status the document gives the rule.
 * Over the synthetic resource document (no service of the registry).
 */
import { describe, expect, it } from "vitest";
import { resourceDocument } from "../emulator/fixtures/resource-document.js";
import { verifyFixture, problems, type Handler } from "./fixture-run.js";

const isCreate = (r: Request) => r.method === "POST" && new URL(r.url).pathname === "/things";

/** A document whose thing notes are at most 5 characters: a rule on a field beside the unique name. */
function shortNotes() {
  const doc = resourceDocument();
  doc.components.schemas.ThingCreate.properties.note.maxLength = 5;
  return doc;
}

describe("negative cases that prove the rule", () => {
  it("the clean engine passes", async () => {
    const report = await verifyFixture(undefined, shortNotes());
    expect(problems(report).filter((p) => p.includes("failed"))).toEqual([]);
    expect(report.exitCode).toBe(0);
  });

  it("a refusal with an unrelated 409 is a failed check, not enforcement", async () => {
    const conflict = (next: Handler): Handler => async (r) => {
      const answer = await next(r);
      return isCreate(r) && answer.status === 400 ? new Response(answer.body, { status: 409, headers: answer.headers }) : answer;
    };
    const report = await verifyFixture(conflict, shortNotes());
    expect(report.exitCode).toBe(1);
    expect(problems(report)).toContain("createThing: breaks body.note maxLength (failed: a request breaking body.note maxLength was answered 409, not 400 as the document gives for this rule: the refusal has another cause, so the rule is not shown to hold)");
  });

  it("a server that checks the unique name before the body's rules still proves them: each negative carries a fresh name", async () => {
    const names = new Set<string>();
    const uniqueFirst = (next: Handler): Handler => async (r) => {
      if (!isCreate(r)) return next(r);
      const text = await r.clone().text();
      let name: unknown;
      try {
        name = JSON.parse(text).name;
      } catch {
        name = undefined;
      }
      if (typeof name === "string" && names.has(name)) return new Response(JSON.stringify({ message: "Conflict: a thing with this name exists" }), { status: 409, headers: { "content-type": "application/json" } });
      const answer = await next(new Request(r.url, { method: r.method, headers: r.headers, body: text }));
      if (typeof name === "string" && answer.status === 201) names.add(name);
      return answer;
    };
    const report = await verifyFixture(uniqueFirst, shortNotes());
    expect(problems(report).filter((p) => p.includes("failed"))).toEqual([]);
    const negatives = report.operations.find((o) => o.operationId === "createThing")!.checks.filter((c) => c.kind === "negative");
    expect(negatives.map((c) => c.name)).toContain("breaks body.note maxLength");
    // Each negative its own name: none is the documented example's.
    const sentNames = negatives.map((c) => (c.request?.body ? JSON.parse(c.request.body).name : undefined)).filter((n) => typeof n === "string" && n.length > 1);
    expect(sentNames.length).toBeGreaterThan(0);
    expect(new Set(sentNames).size).toBe(sentNames.length);
    expect(sentNames).not.toContain("first");
  });
});
