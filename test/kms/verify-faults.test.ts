/**
 * Planted faults: a server that wraps the KMS emulator and breaks one thing at a time. Each
 * fault must be reported on its operation with the pointer of the broken rule, and nothing else
 * may fail that does not fail without it.
 */
import { describe, expect, it } from "vitest";
import { createEmulator } from "cloud-interfaces/emulator";
import { verifyServer, type VerifyReport } from "cloud-interfaces/verify";
import { emulatorRun } from "../verify/harness.js";

type Handler = (request: Request) => Promise<Response>;

async function withJson(response: Response, change: (body: any) => void): Promise<Response> {
  const body = await response.json();
  change(body);
  return new Response(JSON.stringify(body), { status: response.status, headers: response.headers });
}

const isList = (r: Request) => r.method === "GET" && new URL(r.url).pathname === "/api/v2/keys";
const isHead = (r: Request) => r.method === "HEAD" && new URL(r.url).pathname === "/api/v2/keys";
const ok = (r: Response) => r.status >= 200 && r.status < 300;

/** Each fault: how it wraps the emulator, and where it must be reported (operationId, pointer pattern). */
const FAULTS: Record<string, { wrap: (next: Handler) => Handler; operation: string; pointer: RegExp; message?: RegExp }> = {
  "an undocumented status": {
    wrap: (next) => async (r) => (isList(r) ? new Response(null, { status: 418 }) : next(r)),
    operation: "listKeys",
    pointer: /^#\/paths\/~1api~1v2~1keys\/get\/responses$/,
  },
  "a missing required property": {
    wrap: (next) => async (r) => {
      const res = await next(r);
      return isList(r) && ok(res) ? withJson(res, (b) => delete b.metadata.collectionTotal) : res;
    },
    operation: "listKeys",
    pointer: /CollectionMetadata\/required$/,
  },
  "a wrong type": {
    wrap: (next) => async (r) => {
      const res = await next(r);
      return isList(r) && ok(res) ? withJson(res, (b) => (b.metadata.collectionTotal = String(b.metadata.collectionTotal))) : res;
    },
    operation: "listKeys",
    pointer: /CollectionMetadata\/properties\/collectionTotal\/type$/,
  },
  "an enum violation": {
    wrap: (next) => async (r) => {
      const res = await next(r);
      return isList(r) && ok(res) ? withJson(res, (b) => b.resources.forEach((k: any) => (k.state = 4))) : res;
    },
    operation: "listKeys",
    pointer: /\/enum$/,
  },
  "a pattern violation": {
    wrap: (next) => async (r) => {
      const res = await next(r);
      return isList(r) && ok(res) ? withJson(res, (b) => b.resources.forEach((k: any) => (k.keyRingID = "ring with spaces"))) : res;
    },
    operation: "listKeys",
    pointer: /\/properties\/keyRingID\/pattern$/,
  },
  "a wrong media type": {
    wrap: (next) => async (r) => {
      const res = await next(r);
      if (!isList(r) || !ok(res)) return res;
      const headers = new Headers(res.headers);
      headers.set("content-type", "text/plain");
      return new Response(await res.text(), { status: res.status, headers });
    },
    operation: "listKeys",
    pointer: /\/responses\/200\/content$|ListKeysOk\/content$|\/content$/,
  },
  "a missing Key-Total header": {
    wrap: (next) => async (r) => {
      const res = await next(r);
      if (!isHead(r) || !ok(res)) return res;
      const headers = new Headers(res.headers);
      headers.delete("key-total");
      return new Response(null, { status: res.status, headers });
    },
    operation: "getKeyTotal",
    pointer: /\/headers\/Key-Total\/required$/,
  },
  // The documents declare correlation-ID optional, so only a malformed one breaks them.
  "a malformed correlation id": {
    wrap: (next) => async (r) => {
      const res = await next(r);
      if (!isList(r) || !ok(res)) return res;
      const headers = new Headers(res.headers);
      headers.set("correlation-id", "not-a-uuid");
      return new Response(res.body, { status: res.status, headers });
    },
    operation: "listKeys",
    pointer: /\/headers\/correlation-ID\/schema\/(format|pattern)$|CorrelationId.*\/(format|pattern)$/,
  },
  "a negative case answered 2xx": {
    wrap: (next) => async (r) => {
      const url = new URL(r.url);
      if (!isList(r) || Number(url.searchParams.get("limit")) <= 5000) return next(r);
      url.searchParams.delete("limit");
      return next(new Request(url, { method: r.method, headers: r.headers }));
    },
    operation: "listKeys",
    pointer: /\/limit\/schema\/maximum$|\/maximum$/,
    message: /breaking query\.limit maximum was answered 200/,
  },
  "a created resource missing from the next list": {
    wrap: (next) => {
      const hidden = new Set<string>();
      return async (r) => {
        const res = await next(r);
        if (r.method === "POST" && res.status === 201) {
          hidden.add((await res.clone().json()).resources[0].id);
          return res;
        }
        // The server loses what was created from both the list and the count, so only the list check can tell.
        if (isList(r) && ok(res)) return withJson(res, (b) => (b.resources = b.resources.filter((k: any) => !hidden.has(k.id))));
        if (isHead(r) && ok(res) && hidden.size) {
          const headers = new Headers(res.headers);
          headers.set("key-total", String(Number(headers.get("key-total")) - hidden.size));
          return new Response(null, { status: res.status, headers });
        }
        return res;
      };
    },
    operation: "listKeys",
    pointer: /\/get\/x-pagination\/items$/,
    message: /is missing from listKeys/,
  },
  "a count that disagrees with the list": {
    wrap: (next) => async (r) => {
      const res = await next(r);
      if (!isHead(r) || !ok(res)) return res;
      const headers = new Headers(res.headers);
      headers.set("key-total", String(Number(headers.get("key-total")) + 1));
      return new Response(null, { status: res.status, headers });
    },
    operation: "getKeyTotal",
    pointer: /\/head\/responses\/200\/headers\/Key-Total$/,
    message: /Key-Total \d+ but \d+ items listed/,
  },
  // The verifier walks lists with the client's pager (runtime/core/paginate.ts), which refuses a page over its limit.
  "a list page holding more keys than the limit asked for": {
    wrap: (next) => async (r) => {
      const res = await next(r);
      const limit = Number(new URL(r.url).searchParams.get("limit"));
      if (!isList(r) || !ok(res) || !(limit > 0)) return res;
      return withJson(res, (b) => {
        if (b.resources.length === 0) return;
        b.resources = Array.from({ length: limit + 1 }, () => b.resources[0]);
        b.metadata.collectionTotal = limit + 1;
      });
    },
    operation: "listKeys",
    pointer: /\/get\/x-pagination$/,
    message: /holds \d+ items for limit \d+/,
  },
  "a redirect to another origin": {
    wrap: (next) => async (r) => (isList(r) ? new Response(null, { status: 302, headers: { location: "https://elsewhere.example/api/v2/keys" } }) : next(r)),
    operation: "listKeys",
    pointer: /^#\/paths\/~1api~1v2~1keys\/get\/responses$/,
  },
};

const failuresOf = (report: VerifyReport) =>
  report.operations.flatMap((o) => o.checks.filter((c) => c.verdict === "failed").map((c) => ({ operation: o.operationId, check: c.name, failures: c.failures, request: c.request, notes: c.notes ?? [] })));

describe("planted faults in front of the kms-v2 emulator", async () => {
  const clean = await verifyServer("kms-v2", emulatorRun("kms-v2"));
  const before = new Set(failuresOf(clean).map((f) => `${f.operation}: ${f.check}`));

  it.each(Object.entries(FAULTS))("reports %s on its operation, with its pointer, and nothing else", async (_name, fault) => {
    const urls: string[] = [];
    const inner = fault.wrap(createEmulator("kms-v2").handle);
    const report = await verifyServer("kms-v2", emulatorRun("kms-v2", (r) => (urls.push(r.url), inner(r))));
    const added = failuresOf(report).filter((f) => !before.has(`${f.operation}: ${f.check}`));
    expect(added.length, "the fault is reported").toBeGreaterThan(0);
    expect(report.passed).toBe(false);
    for (const f of added) {
      expect(f.operation, `${f.check} reported on another operation`).toBe(fault.operation);
    }
    const pointers = added.flatMap((f) => f.failures.map((x) => x.pointer));
    expect(pointers.some((p) => fault.pointer.test(p)), `pointers: ${pointers.join(", ")}`).toBe(true);
    if (fault.message) expect(added.flatMap((f) => f.failures.map((x) => x.message)).some((m) => fault.message!.test(m))).toBe(true);
    // Requests only ever go to the verified origin, whatever the server answers.
    expect(urls.every((u) => new URL(u).origin === "http://emulator.test")).toBe(true);
  });

  it("says a redirect to another origin was not followed", async () => {
    const report = await verifyServer("kms-v2", { ...emulatorRun("kms-v2", FAULTS["a redirect to another origin"]!.wrap(createEmulator("kms-v2").handle)), only: ["listKeys"] });
    const notes = report.operations.flatMap((o) => o.checks.flatMap((c) => c.notes ?? []));
    expect(notes).toContain("redirect to another origin (https://elsewhere.example) not followed");
  });
});
