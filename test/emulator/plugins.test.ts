/**
 * The plug-in marker (`x-resource: { plugin: <name> }`, openapi/CONVENTIONS.md "Resources"): a
 * document on the resource engine names, for every operation, either what the engine does or
 * which handler of its family's plug-in serves it. Read from the registry: no service is named.
 */
import { describe, expect, it } from "vitest";
import { createEmulator, EMULATED_SERVICES, loadBundledDocument } from "cloud-interfaces/emulator";
import { engineDefinition, engineOf } from "../../runtime/emulator/engine.js";
import { listOperations } from "../../runtime/core/router.js";

const annotated = (doc: any) => listOperations(doc).map((e) => e.operation).filter((op) => op["x-resource"] !== undefined);

describe("a document on the resource engine annotates every operation", () => {
  const onEngine = EMULATED_SERVICES.filter((id) => annotated(loadBundledDocument(id)).length > 0);

  it("there are documents on the engine, and some of them use plug-ins", () => {
    expect(onEngine.length).toBeGreaterThan(0);
    expect(onEngine.some((id) => engineOf(loadBundledDocument(id) as object).plugged.size > 0)).toBe(true);
  });

  for (const id of onEngine) {
    it(`${id}: every operation has x-resource (an engine action or a plug-in's name)`, () => {
      const doc = loadBundledDocument(id) as any;
      const missing = listOperations(doc).map((e) => e.operation).filter((op) => op["x-resource"] === undefined).map((op) => op.operationId);
      expect(missing).toEqual([]);
      for (const op of annotated(doc)) {
        const spec = op["x-resource"];
        expect(typeof spec.plugin === "string" || typeof spec.action === "string", `${id} ${op.operationId}`).toBe(true);
      }
    });
  }
});

/** The first document that names a plug-in handler, and one such operation. */
function pluggedDocument() {
  for (const id of EMULATED_SERVICES) {
    const doc = loadBundledDocument(id) as any;
    for (const entry of listOperations(doc)) if (typeof entry.operation["x-resource"]?.plugin === "string") return { id, doc, entry };
  }
  throw new Error("no document names a plug-in");
}

describe("plug-in names are the document's", () => {
  it("a document naming a handler its family does not define is refused when the emulator is defined, naming the operation", () => {
    const { id, doc, entry } = pluggedDocument();
    const copy = structuredClone(doc);
    const op = copy.paths[entry.path][entry.method];
    op["x-resource"] = { plugin: "noSuchHandler" };
    expect(() => engineDefinition(id, copy, {})).toThrow(new RegExp(`${op.operationId}.*noSuchHandler`));
  });

  it("an operation the document gains on a new path, naming an existing handler, is served with no code", async () => {
    const { id, doc, entry } = pluggedDocument();
    const copy = structuredClone(doc);
    const path = `${entry.path}-copy`;
    copy.paths[path] = { ...copy.paths[entry.path], [entry.method]: { ...copy.paths[entry.path][entry.method], operationId: `${entry.operation.operationId}Copy` } };
    const original = createEmulator(id as never, { document: doc });
    const gained = createEmulator(id as never, { document: copy });
    // The first documented request of the original operation, sent to both paths: the same answer.
    const { exampleRequests } = await import("../../runtime/emulator/world.js");
    const example = exampleRequests(doc).find((e) => e.operationId === entry.operation.operationId)!;
    expect(example).toBeDefined();
    const server = String((doc.servers?.[0]?.url ?? "")).replace(/\{(\w+)\}/g, (_: string, v: string) => doc.servers[0].variables[v].default);
    const fill = (p: string) => p.replace(/\{(\w+)\}/g, (_, n) => encodeURIComponent(String(example.path[n])));
    const query = new URLSearchParams();
    for (const [k, v] of Object.entries(example.query)) for (const item of Array.isArray(v) ? v : [v]) query.append(k, String(item));
    const headers: Record<string, string> = Object.fromEntries(Object.entries(example.header).map(([k, v]) => [k, String(v)]));
    const schemes = doc.components?.securitySchemes ?? {};
    for (const [name, value] of Object.entries(example.credentials)) {
      const scheme = schemes[name];
      if (scheme.type === "apiKey") headers[scheme.name] = value;
      else if (scheme.scheme === "basic") headers.authorization = `Basic ${btoa(value)}`;
      else headers.authorization = `Bearer ${value}`;
    }
    const init = (method: string): RequestInit => ({ method: method.toUpperCase(), headers: { ...headers, ...(example.mediaType ? { "content-type": example.mediaType } : {}) }, ...(example.body !== undefined ? { body: JSON.stringify(example.body) } : {}), redirect: "manual" });
    const a = await original.handle(new Request(`${server}${fill(entry.path)}?${query}`, init(entry.method)));
    const b = await gained.handle(new Request(`${server}${fill(path)}?${query}`, init(entry.method)));
    expect(b.status).toBe(a.status);
    expect(b.status).toBeLessThan(400);
    expect(gained.violations).toEqual([]);
  });
});
