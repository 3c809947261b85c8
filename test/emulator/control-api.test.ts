/**
 * Issue 46: the control API under `/__emulator` on a served emulator of the synthetic resource
 * document (test/emulator/fixtures/resource-document.ts), and the hostile inputs it must refuse:
 * bodies over the limits, unknown resources and partitions, counts over the caps, malformed
 * states (refused whole, the state kept), clients that are not on loopback, pages that rebind a
 * name to loopback, preflights. Every refusal is problem+json naming the field; every answer's
 * status is one the control document lists for the operation.
 */
import { request as httpRequest, type ClientRequest, type RequestOptions } from "node:http";
import { networkInterfaces } from "node:os";
import { afterEach, describe, expect, it } from "vitest";
import { CONTROL_API_DOCUMENT, serveHandler, type ServedHandler } from "cloud-interfaces/emulator";
import { emulatorOf, resourceDocument } from "./fixtures/resource-document.js";
import { seededRandom } from "../../runtime/controls/seeded-random.js";
import { isLoopbackAddress } from "../../runtime/http/front.js";
import { MAX_CONTROL_BODY_BYTES, MAX_STATE_BODY_BYTES } from "../../runtime/emulator/control.js";
import { MAX_GENERATE } from "../../runtime/emulator/generate.js";

const servers: ServedHandler[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

async function served(options: Parameters<typeof serveHandler>[1] = {}, doc = resourceDocument(), seed = 7) {
  const { emulator } = emulatorOf(doc, { random: seededRandom(seed) });
  const server = await serveHandler(emulator, options);
  servers.push(server);
  const control = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const r = await fetch(`${server.url}/__emulator/${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
      ...(body === undefined ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) }),
    });
    const text = await r.text();
    return { status: r.status, type: r.headers.get("content-type"), headers: r.headers, body: text ? JSON.parse(text) : undefined };
  };
  const things = async () => ((await (await fetch(`${server.url}/things`)).json()) as Array<{ id: string; name: string }>);
  return { emulator, server, control, things };
}

/** The statuses the control document lists for a method and path. */
function documented(method: string, path: string): string[] {
  const item = (CONTROL_API_DOCUMENT.paths as Record<string, Record<string, { responses: Record<string, unknown> }>>)[`/__emulator/${path.split("?")[0]}`];
  return Object.keys(item?.[method.toLowerCase()]?.responses ?? {});
}

/** A refusal: problem+json, the status, the field named, and a status the document lists. */
function refused(answer: { status: number; type: string | null; body: any }, status: number, field: string | RegExp, method: string, path: string) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.type).toBe("application/problem+json");
  expect(answer.body.field).toMatch(typeof field === "string" ? new RegExp(`^${field.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`) : field);
  expect(answer.body.detail).toEqual(expect.any(String));
  expect(documented(method, path)).toContain(String(status));
}


/** One request over node:http with its headers as given (a Host, a Content-Length the body never reaches): its status and body. */
function rawExchange(options: RequestOptions, send: (req: ClientRequest) => void): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(options, (res) => {
      let body = "";
      res.on("data", (d) => (body += d));
      res.on("end", () => resolve({ status: res.statusCode!, body }));
    });
    req.on("error", reject);
    send(req);
  });
}
describe("the control API (synthetic document, served)", () => {
  it("generates records valid against the document, unique where it says, the same under the same seed", async () => {
    const a = await served();
    // Same seed and same clock: the same records (ids from the randomness, dates from the clock).
    await a.control("PUT", "clock", { now: "2030-01-01T00:00:00Z" });
    const made = await a.control("POST", "generate", { resource: "thing", count: 200 });
    expect(made).toMatchObject({ status: 201, body: { created: 200 } });
    const list = await a.things();
    expect(list).toHaveLength(200);
    expect(new Set(list.map((t) => t.name)).size).toBe(200);
    // The emulator checks every answer against the document: a record it could not show would be a violation.
    expect(a.emulator.violations).toEqual([]);
    const b = await served();
    await b.control("PUT", "clock", { now: "2030-01-01T00:00:00Z" });
    await b.control("POST", "generate", { resource: "thing", count: 200 });
    const c = await served({}, resourceDocument(), 8);
    await c.control("PUT", "clock", { now: "2030-01-01T00:00:00Z" });
    await c.control("POST", "generate", { resource: "thing", count: 200 });
    expect(JSON.stringify((await c.control("GET", "state")).body)).not.toBe(JSON.stringify((await a.control("GET", "state")).body));
    expect(JSON.stringify((await b.control("GET", "state")).body)).toBe(JSON.stringify((await a.control("GET", "state")).body));
  });

  it("a reference names a record the partition holds; with none to name, nothing is made", async () => {
    const doc = resourceDocument();
    doc.components.schemas.GroupCreate.required = ["name", "lead"];
    doc.components.schemas.GroupCreate.properties.lead = { type: "string", "x-refers": "thing" };
    doc.components.schemas.Group.properties.lead = { type: "string" };
    const s = await served({}, doc);
    refused(await s.control("POST", "generate", { resource: "group", count: 3 }), 400, "resource", "POST", "generate");
    await s.control("POST", "generate", { resource: "thing", count: 5 });
    expect((await s.control("POST", "generate", { resource: "group", count: 20 })).status).toBe(201);
    const ids = new Set((await s.things()).map((t) => t.id));
    const groups = (await (await fetch(`${s.server.url}/groups`)).json()) as Array<{ lead: string }>;
    expect(groups).toHaveLength(20);
    for (const g of groups) expect(ids.has(g.lead)).toBe(true);
  });

  it("refuses unknown resources and partitions, counts over the caps, and makes nothing", async () => {
    const s = await served();
    refused(await s.control("POST", "generate", { resource: "nothing", count: 1 }), 400, "resource", "POST", "generate");
    refused(await s.control("POST", "generate", { resource: "thing", count: 1, partition: { tenant: "x" } }), 400, "partition.tenant", "POST", "generate");
    refused(await s.control("POST", "generate", { resource: "thing", count: MAX_GENERATE + 1 }), 400, "count", "POST", "generate");
    refused(await s.control("POST", "generate", { resource: "thing", count: 0 }), 400, "count", "POST", "generate");
    refused(await s.control("POST", "generate", { resource: "thing", count: 1.5 }), 400, "count", "POST", "generate");
    refused(await s.control("POST", "generate", { resource: "thing", count: "9" }), 400, "count", "POST", "generate");
    refused(await s.control("POST", "generate", { resource: "thing", count: 1, extra: true }), 400, "extra", "POST", "generate");
    // The document's cap is 1,000 things: 1,001 is refused whole, nothing made.
    refused(await s.control("POST", "generate", { resource: "thing", count: 1001 }), 400, "count", "POST", "generate");
    expect(await s.things()).toEqual([]);
    expect((await s.control("POST", "generate", { resource: "thing", count: 990 })).status).toBe(201);
    refused(await s.control("POST", "generate", { resource: "thing", count: 11 }), 400, "count", "POST", "generate");
    expect(await s.things()).toHaveLength(990);
    // A lowered byte cap: refused before anything is stored.
    const { emulator } = emulatorOf(resourceDocument(), { caps: { recordBytes: 2000 } });
    expect(() => emulator.generate({ resource: "thing", count: 100 })).toThrow(/count: .*bytes/);
    expect(emulator.snapshot().state).toEqual({ partitions: { $map: [] } });
  });

  it("refuses bodies over the limits, too deep or too many values, not JSON, not an object, another media type", async () => {
    const s = await served();
    const big = JSON.stringify({ resource: "thing", count: 1, pad: "x".repeat(MAX_CONTROL_BODY_BYTES) });
    refused(await s.control("POST", "generate", big), 413, "(body)", "POST", "generate");
    refused(await s.control("POST", "clock/advance", JSON.stringify({ seconds: 1, pad: "x".repeat(MAX_CONTROL_BODY_BYTES) })), 413, "(body)", "POST", "clock/advance");
    refused(await s.control("POST", "generate", `${"[".repeat(100)}${"]".repeat(100)}`), 400, "(body)", "POST", "generate");
    refused(await s.control("POST", "generate", JSON.stringify({ resource: "thing", count: 1, many: Array.from({ length: 2000 }, () => 0) })), 400, "(body)", "POST", "generate");
    refused(await s.control("POST", "generate", "{not json"), 400, "(body)", "POST", "generate");
    refused(await s.control("POST", "generate", "[1]"), 400, "(body)", "POST", "generate");
    refused(await s.control("POST", "generate", JSON.stringify({ resource: "thing", count: 1 }), { "content-type": "text/plain" }), 415, "Content-Type", "POST", "generate");
    // A declared state body over its limit is refused before a byte of it is read.
    const url = new URL(`${s.server.url}/__emulator/state`);
    const answer = await rawExchange({ host: url.hostname, port: url.port, method: "PUT", path: url.pathname, headers: { "content-type": "application/json", "content-length": String(MAX_STATE_BODY_BYTES + 1) } }, (req) => req.flushHeaders());
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ field: "(body)", type: "urn:cloud-interfaces:control:body-too-large" });
  });

  it("refuses a malformed state whole: the state is kept, the field named", async () => {
    const s = await served();
    await s.control("POST", "generate", { resource: "thing", count: 3 });
    const good = (await s.control("GET", "state")).body;
    const before = JSON.stringify(good);
    const partitions = (map: unknown[]) => ({ ...good, state: { partitions: { $map: map } } });
    const records = (records: unknown[]) => partitions([["", { records: { $map: [["thing", { $map: records }]] } }]]);
    const cases: Array<[unknown, string | RegExp]> = [
      ["not json at all", "(body)"],
      [[], "(body)"],
      [{ ...good, format: "other" }, "format"],
      [{ ...good, version: 2 }, "version"],
      [{ ...good, service: "someone-else" }, "service"],
      [{ ...good, extra: 1 }, "extra"],
      [{ ...good, draws: -1 }, "draws"],
      [{ ...good, state: [] }, "state"],
      [{ ...good, state: { caps: { partitions: 1e9 } } }, "state.caps"],
      [{ ...good, state: { unknownField: 1 } }, "state.unknownField"],
      [{ ...good, state: { partitions: [] } }, "state.partitions"],
      [{ ...good, state: { partitions: { $map: {} } } }, "state.partitions.$map"],
      [{ ...good, state: { partitions: { $map: [["a"]] } } }, "state.partitions.$map[0]"],
      [{ ...good, state: { partitions: { $wat: [] } } }, "state.partitions"],
      [{ ...good, state: { partitions: { $map: [], also: 1 } } }, "state.partitions"],
      [partitions([["", { records: { $map: [] } }], ["", { records: { $map: [] } }]]), "state.partitions.$map[1][0]"],
      [partitions([["", { nothing: true }]]), /^state\.partitions\[""\]$/],
      [partitions([[1, { records: { $map: [] } }]]), /^state\.partitions\["1"\]$/],
      [partitions([["", { records: { $map: [["unicorn", { $map: [] }]] } }]]), /records\["unicorn"\]$/],
      [records([["a", { id: "b", name: "x" }]]), /records\["thing"\]\["a"\]$/],
      [records([["a", "not an object"]]), /records\["thing"\]\["a"\]$/],
      // Records the document does not allow: the service would answer 500s from them.
      [records([["a", { id: "a", name: 5 }]]), /records\["thing"\]\["a"\]$/],
      [records([["a", { id: "a" }]]), /records\["thing"\]\["a"\]$/],
      [records([["a", { id: "a", name: "x", due: "not a date" }]]), /records\["thing"\]\["a"\]$/],
      [records(Array.from({ length: 1001 }, (_, i) => [String(i), { id: String(i), name: `n${i}` }])), /records\["thing"\]$/],
      [records([["a", JSON.parse('{"id":"a","__proto__":{"x":1}}')]]), /__proto__$/],
      [partitions(Array.from({ length: 101 }, (_, i) => [`p${i}`, { records: { $map: [] } }])), "state.partitions"],
    ];
    for (const [body, field] of cases) {
      refused(await s.control("PUT", "state", typeof body === "string" ? body : JSON.stringify(body)), 400, field, "PUT", "state");
      expect(JSON.stringify((await s.control("GET", "state")).body), `after ${JSON.stringify(body).slice(0, 80)}`).toBe(before);
    }
    expect(await s.things()).toHaveLength(3);
    // The same snapshot goes back in, and gives the same text out (stable).
    expect((await s.control("PUT", "state", good)).status).toBe(204);
    expect(JSON.stringify((await s.control("GET", "state")).body)).toBe(before);
  });

  it("moves the clock and refuses bad times", async () => {
    const s = await served();
    expect((await s.control("PUT", "clock", { now: "2030-01-01T00:00:00Z" })).body).toEqual({ now: "2030-01-01T00:00:00.000Z", running: false });
    const made = await fetch(`${s.server.url}/things`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name: "dated" }) });
    expect(((await made.json()) as { created_at: string }).created_at).toBe("2030-01-01T00:00:00.000Z");
    expect((await s.control("POST", "clock/advance", { seconds: -60 })).body.now).toBe("2029-12-31T23:59:00.000Z");
    for (const now of ["2030-01-01", "yesterday", "2030-01-01T00:00:00", "10000-01-01T00:00:00Z", "1969-12-31T23:59:59Z"]) refused(await s.control("PUT", "clock", { now }), 400, "now", "PUT", "clock");
    refused(await s.control("PUT", "clock", { now: 5 }), 400, "now", "PUT", "clock");
    refused(await s.control("PUT", "clock", { now: "2030-01-01T00:00:00Z", running: "yes" }), 400, "running", "PUT", "clock");
    refused(await s.control("PUT", "clock", { when: "2030-01-01T00:00:00Z" }), 400, "when", "PUT", "clock");
    for (const seconds of ["60", null, 1e300]) refused(await s.control("POST", "clock/advance", { seconds }), 400, "seconds", "POST", "clock/advance");
    expect((await s.control("GET", "clock")).body.now).toBe("2029-12-31T23:59:00.000Z");
    expect((await s.control("POST", "reset")).status).toBe(204);
    expect((await s.control("GET", "clock")).body.running).toBe(true);
  });

  it("the record: control requests are not in it, ?operation= filters, DELETE empties it; unknown paths, methods and parameters are refused", async () => {
    const s = await served();
    await fetch(`${s.server.url}/things`);
    await fetch(`${s.server.url}/things`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name: "a" }) });
    await s.control("GET", "clock");
    const all = await s.control("GET", "requests");
    expect(all.body).toEqual({ requests: [expect.objectContaining({ method: "GET", operation: "listThings", status: 200 }), expect.objectContaining({ method: "POST", operation: "createThing", status: 201, violations: [] })], dropped: 0 });
    expect((await s.control("GET", "requests?operation=createThing")).body.requests).toHaveLength(1);
    refused(await s.control("GET", "requests?page=2"), 400, "page", "GET", "requests");
    expect((await s.control("DELETE", "requests")).status).toBe(204);
    expect((await s.control("GET", "requests")).body.requests).toEqual([]);
    const unknown = await s.control("GET", "nothing-here");
    expect(unknown).toMatchObject({ status: 404, type: "application/problem+json" });
    const wrong = await s.control("PATCH", "state", {});
    expect(wrong).toMatchObject({ status: 405, type: "application/problem+json" });
    expect(wrong.headers.get("allow")).toBe("GET, PUT");
    // A preflight gets no CORS grant: a page on another origin cannot drive the control API.
    const preflight = await fetch(`${s.server.url}/__emulator/reset`, { method: "OPTIONS", headers: { origin: "https://evil.example", "access-control-request-method": "POST" } });
    expect(preflight.headers.get("access-control-allow-origin")).toBeNull();
    expect(preflight.status).toBe(405);
  });

  it("answers loopback clients only by default; a Host that is not a loopback name is refused; off leaves the prefix to the service", async () => {
    expect([isLoopbackAddress("127.0.0.1"), isLoopbackAddress("::1"), isLoopbackAddress("::ffff:127.0.0.9"), isLoopbackAddress("10.0.0.1"), isLoopbackAddress("::ffff:10.0.0.1"), isLoopbackAddress(undefined)]).toEqual([true, true, true, false, false, false]);
    const external = Object.values(networkInterfaces()).flat().find((i) => i && i.family === "IPv4" && !i.internal);
    expect(external, "a non-loopback interface to connect from").toBeDefined();
    const s = await served({ host: "0.0.0.0" });
    const port = new URL(s.server.url).port;
    const outside = await fetch(`http://${external!.address}:${port}/__emulator/state`);
    expect(outside.status).toBe(403);
    expect(await outside.json()).toMatchObject({ type: "urn:cloud-interfaces:control:forbidden" });
    // From outside with a loopback Host header: still refused (the socket's address is what counts).
    const spoofed = await rawExchange({ host: external!.address, port, path: "/__emulator/state", headers: { host: `localhost:${port}` } }, (req) => req.end());
    expect(spoofed.status).toBe(403);
    expect(JSON.parse(spoofed.body)).toMatchObject({ detail: expect.stringContaining("loopback clients only") });
    // The service itself still answers there.
    expect((await fetch(`http://${external!.address}:${port}/things`)).status).toBe(200);
    refused(await s.control("GET", "state", undefined, { host: "evil.example" }), 403, "Host", "GET", "state");
    const any = await served({ host: "0.0.0.0", control: "any" });
    expect((await fetch(`http://${external!.address}:${new URL(any.server.url).port}/__emulator/state`)).status).toBe(200);
    const off = await served({ control: "off" });
    const answer = await off.control("GET", "state");
    expect(answer.status).toBe(404);
    expect(JSON.stringify(answer.body)).not.toContain("urn:cloud-interfaces:control");
  });

  it("a bare handler has no control API and its handle says so", async () => {
    const server = await serveHandler(async () => new Response("ok"));
    servers.push(server);
    expect(() => server.snapshot()).toThrow(/serves no emulator/);
    expect(await (await fetch(`${server.url}/__emulator/state`)).text()).toBe("ok");
  });
});
