/**
 * The mock layer's promises (issue 15), each checked on a concrete request: it survives the
 * requests that killed Prism, says what was wrong in the document's shape, selects cases
 * without misleading, honours KMS's own Prefer, logs one line per request, keeps its limits.
 */
import { spawn } from "node:child_process";
import { describe, expect, it, vi } from "vitest";
import { startFront } from "../../runtime/http/front.js";
import { errorShapes } from "../../runtime/http/error-shapes.js";
import { readOperations } from "../../runtime/http/operations.js";
import { MAX_BODY_BYTES } from "../../runtime/http/limits.js";
import { startMock, type MockLogEntry } from "cloud-interfaces/mock";
import { describe as describeViolation } from "../../runtime/http/violations.js";
import { bundledDocument } from "../harness/documents.js";
import { mockUrl } from "../harness/mocks.js";
import { errorsAt } from "../harness/validator.js";
import { baselines, serialize, type Wire } from "./battery.js";
import { sendWire } from "../../scripts/lib/socket-exchange.js";

const TOPICS = "/v1/instances/9de2c1f3-6a3b-4e5c-8d7f-1a2b3c4d5e6f/topics";

async function baseline(service: string, operation: string): Promise<Wire> {
  const found = (await baselines(service)).find((b) => b.operation === operation);
  if (!found) throw new Error(`no baseline for ${service} ${operation}`);
  return found.wire;
}

function withHeaders(w: Wire, headers: Record<string, string>, body?: string): Wire {
  const names = new Set(Object.keys(headers).map((k) => k.toLowerCase()));
  return { ...w, headers: [...w.headers.filter(([k]) => !names.has(k.toLowerCase())), ...Object.entries(headers)], ...(body !== undefined ? { body: Buffer.from(body) } : {}) };
}

async function send(service: string, w: Wire) {
  const answer = await sendWire(Number(new URL(mockUrl(service)).port), serialize(w));
  const text = answer.body.toString("utf8");
  return { ...answer, text, json: text ? JSON.parse(text) : undefined, violations: JSON.parse(answer.headers.get("sl-violations") ?? "[]") as { code: string }[] };
}

const KMS_TYPE = "application/vnd.svc.kms.key+json";
const validKey = JSON.stringify({ metadata: { collectionType: KMS_TYPE, collectionTotal: 1 }, resources: [{ type: KMS_TYPE, name: "k" }] });

describe("never dies", () => {
  it("the issue's curl line (Content-Type: a on notifications) gets the documented 400 naming the header, from a CLI process that stays up and logs it", async () => {
    const child = spawn(process.execPath, ["--import", "tsx", "-e", `import("./runtime/cli/commands.ts").then((m) => m.runCli(["mock", "notifications-v1", "--port", "0", "--log"]))`], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr!.on("data", (d) => (stderr += d));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = "";
        // tsx and Prism loading in a second Node: seconds when quiet, many more on a loaded machine.
        const waited = setTimeout(() => reject(new Error(`mock CLI (notifications-v1) printed no "listening on" line within 90 s: ${out}${stderr}`)), 90_000);
        child.once("exit", () => clearTimeout(waited));
        child.stdout!.on("data", (d) => {
          out += d;
          const m = /listening on (http:\/\/\S+)/.exec(out);
          if (m) (clearTimeout(waited), resolve(m[1]!));
        });
        child.once("exit", (code) => reject(new Error(`mock CLI exited ${code}: ${stderr}`)));
      });
      const bad = await fetch(`${url}${TOPICS}`, { headers: { "Content-Type": "a" } });
      expect(bad.status).toBe(400);
      const body = await bad.json();
      expect(errorsAt("notifications-v1", "#/components/schemas/ErrorResponse", body)).toEqual([]);
      expect(body.errors[0].message).toMatch(/content-type.*not a media type.*"a"/);
      // Still up: the same process answers the next request.
      const next = await fetch(`${url}${TOPICS}`, { headers: { Accept: ";;;=" } });
      expect(next.status).toBe(400);
      expect(child.exitCode).toBeNull();
      await vi.waitFor(() => expect(stderr).toMatch(/GET \/v1\/instances\/.*\/topics → 400/));
    } finally {
      child.kill();
    }
  }, 120_000);

  it("Accept: text/html; and ;;;= on KMS create get 4xx in the KMS error shape, not a dead process", async () => {
    const w = await baseline("kms-v2", "POST /api/v2/keys");
    for (const accept of ["text/html;", ";;;="]) {
      const r = await send("kms-v2", withHeaders(w, { accept }));
      expect(r.status, accept).toBeGreaterThanOrEqual(400);
      expect(r.status, accept).toBeLessThan(500);
      expect(errorsAt("kms-v2", "#/components/schemas/ErrorCollection", r.json), accept).toEqual([]);
    }
  });

  it("bad percent-encoding in a path parameter gets the documented 400, not Prism's URIError as a 500", async () => {
    const w = await baseline("notifications-v1", "GET /v1/instances/{instance_id}/topics/{id}");
    const r = await send("notifications-v1", { ...w, target: w.target.replace(/\/topics\/[^/?]+/, "/topics/%zz%") });
    expect(r.status).toBe(400);
    expect(r.json.errors[0].message).toMatch(/percent-encoding.*%zz%/);
  });

  it("a handler that throws gets the document's 500 shape from the edge, and the failure is logged", async () => {
    const doc = bundledDocument("widget");
    const operations = readOperations(doc);
    const lines: string[] = [];
    const front = await startFront({
      service: "widget",
      handler: async () => {
        throw new Error("boom");
      },
      shapes: errorShapes(doc, operations),
      operations,
      credentials: new Set(),
      write: (l) => lines.push(l),
    });
    try {
      const r = await fetch(`${front.url}/developers/flex-api/widget-url`, { method: "POST", body: "{}" });
      expect(r.status).toBe(500);
      expect(await r.json()).toMatchObject({ success: 0, error: expect.stringMatching(/server failed/) });
      expect(lines.join("\n")).toMatch(/internal failure.*boom/s);
    } finally {
      await front.close();
    }
  });
});

describe("tells the truth", () => {
  it('{"resources":[]} to KMS create names the missing metadata and the too-short array, not the first example', async () => {
    const r = await send("kms-v2", withHeaders(await baseline("kms-v2", "POST /api/v2/keys"), {}, '{"resources":[]}'));
    expect(r.status).toBe(400);
    const msg = r.json.resources[0].errorMsg as string;
    expect(msg).toMatch(/^Bad Request: /);
    expect(msg).toMatch(/metadata/);
    expect(msg).toMatch(/minItems; sent \[\]/);
    expect(msg).not.toMatch(/resources\[0\]\.name/);
    expect(r.violations.map((v) => v.code)).toEqual(expect.arrayContaining(["required", "minItems"]));
  });

  it("six metrics targets are refused with a detail about the target array, in problem+json", async () => {
    const w = await baseline("metrics-v1", "GET /v1/metrics");
    const target = w.target.replace(/target=[^&]*/, Array.from({ length: 6 }, (_, i) => `target=app.web0${i}.requests`).join("&"));
    const r = await send("metrics-v1", { ...w, target });
    expect(r.status).toBe(400);
    expect(r.headers.get("content-type")).toBe("application/problem+json");
    expect(r.json.detail).toMatch(/target/);
    expect(r.json.detail).not.toBe("Missing required query parameter: target");
  });

  it("malformed JSON gets the document's 400 shape, not Prism's invalid_json", async () => {
    const r = await send("notifications-v1", withHeaders(await baseline("notifications-v1", `POST /v1/instances/{instance_id}/topics`), {}, '{"name":'));
    expect(r.status).toBe(400);
    expect(errorsAt("notifications-v1", "#/components/schemas/ErrorResponse", r.json)).toEqual([]);
    expect(r.json.errors[0].message).toMatch(/not JSON/);
  });

  it("never echoes a secret: credential headers and secret-named fields are redacted in messages", () => {
    const sent = { headers: new Headers({ authorization: "Bearer sekrit-123", "x-apikey": "key-456" }), query: new URLSearchParams(), body: { client_secret: "cs-789", name: "n" } };
    const creds = new Set(["x-apikey"]);
    const text = [
      describeViolation({ location: ["request", "header", "authorization"], severity: "Error", code: "pattern", message: "bad" }, sent, creds),
      describeViolation({ location: ["request", "header", "x-apikey"], severity: "Error", code: "pattern", message: "bad" }, sent, creds),
      describeViolation({ location: ["request", "body", "client_secret"], severity: "Error", code: "minLength", message: "bad" }, sent, creds),
      describeViolation({ location: ["request", "body", "name"], severity: "Error", code: "minLength", message: "bad" }, sent, creds),
    ].join("\n");
    expect(text).not.toMatch(/sekrit|key-456|cs-789/);
    expect(text.match(/\[redacted\]/g)).toHaveLength(3);
    expect(text).toMatch(/body\.name: bad \(rule minLength; sent "n"\)/);
  });

  it("onRequest and the log get one line per request with its violations, query secrets redacted", async () => {
    const entries: MockLogEntry[] = [];
    const lines: string[] = [];
    const mock = await startMock("identity-v4", { log: true, onRequest: (e) => entries.push(e), write: (l) => lines.push(l) });
    try {
      await fetch(`${mock.url}/oauth/v4/6d1a4b2c-93f5-4c8e-a1f0-3b7e9d2c5a41/authorization?response_type=token&client_id=c&client_secret=shh`);
      await fetch(`${mock.url}/nowhere`);
      expect(entries).toHaveLength(2);
      expect(entries[0]!.status).toBe(400);
      expect(entries[0]!.violations.some((v) => v.location.includes("response_type"))).toBe(true);
      expect(entries[0]!.path).toContain("client_secret=[redacted]");
      expect(entries[1]).toMatchObject({ status: 404, mockError: "not-found" });
      expect(lines).toHaveLength(2);
      expect(lines[0]).toMatch(/identity-v4 GET .*authorization.* → 400 .*violations: .*response_type/);
      expect(lines.join("\n")).not.toContain("shh");
    } finally {
      await mock.close();
    }
  });
});

describe("case selection cannot mislead", () => {
  const create = () => baseline("kms-v2", "POST /api/v2/keys");

  it("example= without code= picks the status that owns the example (Prefer and X-Mock-Case)", async () => {
    const selections: Record<string, string>[] = [{ prefer: "example=keyRingNotFound" }, { "x-mock-case": "example=keyRingNotFound" }];
    for (const headers of selections) {
      const r = await send("kms-v2", withHeaders(await create(), headers, validKey));
      expect(r.status).toBe(404);
      expect(r.json.resources[0].reasons[0].code).toBe("KEY_RING_NOT_FOUND_ERR");
      expect(r.headers.has("x-mock-error")).toBe(false);
    }
  });

  it("an unknown example or status gets a mock 4xx the operation does not document, naming what it does", async () => {
    for (const prefer of ["code=404, example=nope", "example=nope", "code=418"]) {
      const r = await send("kms-v2", withHeaders(await create(), { prefer }, validKey));
      expect(r.status, prefer).toBe(422);
      expect(r.headers.get("x-mock-error")).toBe("unknown-case");
      expect(r.json.resources[0].errorMsg).toMatch(/404 \(keyRingNotFound, instanceNotFound, importTokenNotFound\)/);
    }
  });

  it("KMS Prefer: return=minimal answers only the key identifier, return=representation the whole key", async () => {
    const minimal = await send("kms-v2", withHeaders(await create(), { prefer: "return=minimal" }, validKey));
    expect(minimal.status).toBe(201);
    expect(minimal.json.resources).toEqual([{ id: expect.any(String) }]);
    const full = await send("kms-v2", withHeaders(await create(), { prefer: "return=representation" }, validKey));
    expect(Object.keys(full.json.resources[0]).length).toBeGreaterThan(5);
    // Case selection next to the API's preference: the test's case wins, the API preference is still validated.
    const both = await send("kms-v2", withHeaders(await create(), { prefer: "return=minimal", "x-mock-case": "code=409" }, validKey));
    expect(both.status).toBe(409);
    const invalid = await send("kms-v2", withHeaders(await create(), { prefer: "return=full, code=201" }, validKey));
    expect(invalid.status).toBe(400);
    expect(invalid.json.resources[0].errorMsg).toMatch(/prefer/i);
  });
});

describe("explicit limits", () => {
  it("a body over MAX_BODY_BYTES gets 413 and headers over 16 KiB get 431, both in the document's shape", async () => {
    const w = await baseline("widget", "POST /developers/flex-api/widget-url");
    const big = await send("widget", { ...w, body: Buffer.alloc(MAX_BODY_BYTES + 1, 0x20) });
    expect(big.status).toBe(413);
    expect(big.json).toMatchObject({ success: 0, error: expect.stringMatching(/bytes/) });
    const headers = await send("widget", withHeaders(w, { "x-filler": "f".repeat(17_000) }));
    expect(headers.status).toBe(431);
    expect(headers.json).toMatchObject({ success: 0 });
  });

  it("stateful mode serves the emulator behind the same edge: a created key is listed, limits and logging still apply", async () => {
    const entries: MockLogEntry[] = [];
    const mock = await startMock("kms-v2", { stateful: true, onRequest: (e) => entries.push(e) });
    try {
      const w = await baseline("kms-v2", "POST /api/v2/keys");
      const port = Number(new URL(mock.url).port);
      const created = await sendWire(port, serialize(withHeaders(w, {}, validKey)));
      expect(created.status).toBe(201);
      const list = await sendWire(port, serialize(await baseline("kms-v2", "GET /api/v2/keys")));
      expect(list.status).toBe(200);
      const listed = JSON.parse(list.body.toString("utf8")).resources as { name: string }[];
      expect(listed.map((k) => k.name)).toContain("k");
      const big = await sendWire(port, serialize({ ...w, body: Buffer.alloc(MAX_BODY_BYTES + 1, 0x20) }));
      expect(big.status).toBe(413);
      expect(entries.map((e) => e.status)).toEqual([201, 200, 413]);
    } finally {
      await mock.close();
    }
  });
});
