/**
 * Refusals that every HTTP form and MSW share because the emulator decides them, not the front
 * end (issue 43, "Two forms, two answers"): a JSON body past the limits on an operation that
 * documents no 400 is the mock's own documented error (runtime/mock/README.md), never a 500
 * "Emulator bug"; a request carrying two credentials in one Authorization value (what two
 * Authorization lines become in WHATWG Headers) is refused as unauthenticated, and changes nothing.
 */
import { describe, expect, it } from "vitest";
import { SERVICE_IDS } from "cloud-interfaces/mock";
import { loadBundledDocument } from "cloud-interfaces/emulator";
import { exampleRequests } from "../../runtime/emulator/world.js";
import { exampleRequest } from "../../runtime/emulator/example-wire.js";
import { emulator } from "./harness.js";

const BASE = "http://emulator.test";
const firstExamples = SERVICE_IDS.flatMap((id) => {
  const doc = loadBundledDocument(id) as any;
  const seen = new Set<string>();
  return exampleRequests(doc)
    .filter((e) => !seen.has(e.operationId) && !!seen.add(e.operationId))
    .map((e) => ({ name: `${id} ${e.operationId}`, id, doc, example: e }));
});

const documents = (doc: any, operationId: string, status: number) => {
  for (const item of Object.values<any>(doc.paths)) {
    for (const op of Object.values<any>(item)) {
      if (op?.operationId === operationId) return [String(status), `${String(status)[0]}XX`, "default"].some((s) => s in (op.responses ?? {}));
    }
  }
  return false;
};

describe("a JSON body past the limits", () => {
  const withBody = firstExamples.filter(({ doc, example }) => !["GET", "HEAD"].includes(exampleRequest(doc, example, BASE).method));
  it.each(withBody.map((c) => [c.name, c] as const))("%s: a documented refusal or the mock's too-deep error, never a 5xx", async (_name, { id, doc, example }) => {
    const { fetch } = emulator(id);
    const sent = exampleRequest(doc, example, BASE);
    const headers = new Headers(sent.headers);
    headers.set("content-type", "application/json");
    const response = await fetch(new Request(sent.url, { method: sent.method, headers, body: "[".repeat(10_000) + "]".repeat(10_000) }));
    expect(response.status).toBeLessThan(500);
    if (!documents(doc, example.operationId, response.status)) expect(response.headers.get("x-mock-error")).toBe("too-deep");
  });
});

describe("two credentials in one request", () => {
  const bearing = firstExamples.filter(({ doc, example }) => /^(Bearer|Basic) /.test(exampleRequest(doc, example, BASE).headers.get("authorization") ?? ""));
  it("are sent by some documented requests (else this checks nothing)", () => expect(bearing.length).toBeGreaterThan(0));
  it.each(bearing.map((c) => [c.name, c] as const))("%s: refused 401 as a request without credentials is, leaving the state as that leaves it", async (_name, { id, doc, example }) => {
    const sent = exampleRequest(doc, example, BASE);
    const body = sent.body ? new Uint8Array(await sent.arrayBuffer()) : null;
    const send = async (authorization: string[]) => {
      const { fetch, emu } = emulator(id);
      const headers = new Headers(sent.headers);
      headers.delete("authorization");
      // Two Authorization lines on the wire arrive joined (RFC 9110 §5.3), on every form and under MSW.
      for (const value of authorization) headers.append("authorization", value);
      const response = await fetch(new Request(sent.url, { method: sent.method, headers, body }));
      return { status: response.status, state: JSON.stringify(emu.state, (_k, v) => (v instanceof Map ? [...v] : v instanceof Set ? [...v] : v)) };
    };
    const two = await send([sent.headers.get("authorization")!, "Bearer a", "Basic Yjpj"]);
    expect(two.status).toBe(401);
    expect(two).toEqual(await send([]));
  });
});
