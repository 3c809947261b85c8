/**
 * The hostile-request generator and the raw socket exchange (scripts/lib), without a mock: the
 * bytes each produces, the seeded selection, and how an answer is read off the socket.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { combinedCases, hostileCases, MUTATIONS, random, serialize, type Baseline } from "../scripts/lib/hostile-requests.js";
import { sendWire } from "../scripts/lib/socket-exchange.js";

const base = (operation: string, target: string, body?: string): Baseline => ({
  operation,
  wire: { method: operation.split(" ")[0]!, target, headers: [["authorization", "Bearer t"]], ...(body ? { body: Buffer.from(body) } : {}) },
  requestMediaTypes: body ? ["application/vnd.x+json"] : [],
});
const bases = [base("GET /a", "/a?x=1"), base("POST /b/{id}", "/b/0b8a4b2e-1c1d-4f5e-8a9b-1c2d3e4f5a6b", '{"n":1}')];

describe("hostile requests", () => {
  it("serializes a request with Host, Connection and a Content-Length for its body, unless it frames itself", () => {
    expect(serialize({ method: "POST", target: "/p", headers: [["x-a", "1"], ["x-b", Buffer.from("ü", "utf8")]], body: Buffer.from("{}") }).toString("latin1")).toBe(
      `POST /p HTTP/1.1\r\nhost: 127.0.0.1\r\nconnection: close\r\nx-a: 1\r\nx-b: ${Buffer.from("ü", "utf8").toString("latin1")}\r\ncontent-length: 2\r\n\r\n{}`,
    );
    expect(serialize({ method: "GET", target: "/", headers: [], body: Buffer.from("x"), ownFraming: true }).toString()).toBe("GET / HTTP/1.1\r\nhost: 127.0.0.1\r\nconnection: close\r\n\r\nx");
  });

  it("breaks every baseline along every mutation, each a different request, labelled with its dimension", () => {
    const cases = hostileCases("svc", bases);
    expect(cases).toHaveLength(MUTATIONS.length * bases.length);
    const post = cases.filter((c) => c.operation === "POST /b/{id}");
    const byLabel = (label: string) => post.find((c) => c.label === label)!.bytes.toString("latin1");
    // The operation's JSON media type is the one a broken JSON body is sent with.
    expect(byLabel("malformed JSON")).toContain("content-type: application/vnd.x+json\r\ncontent-length: 1\r\n\r\n{");
    expect(byLabel("path parameter with an encoded slash")).toMatch(/^POST \/b\/a%2Fb HTTP/);
    expect(post.find((c) => c.label === "PUT")).toMatchObject({ dimension: "method", sameOperation: false });
    expect(post.find((c) => c.label === "malformed JSON")).toMatchObject({ dimension: "body", sameOperation: true, service: "svc" });
  });

  it("with a seed, puts each kept mutation on one baseline the seed picks, the same for the same seed", () => {
    const keep = (m: number) => m % 2 === 0;
    const once = hostileCases("svc", bases, random(7), keep);
    expect(once).toHaveLength(Math.ceil(MUTATIONS.length / 2));
    expect(once.map((c) => `${c.dimension} ${c.label}`).sort()).toEqual(MUTATIONS.filter((_, m) => keep(m)).map(([d, label]) => `${d} ${label}`).sort());
    expect(hostileCases("svc", bases, random(7), keep).map((c) => c.operation)).toEqual(once.map((c) => c.operation));
    expect(new Set(once.map((c) => c.operation)).size).toBe(2);
  });

  it("stacks two or three header and body mutations for the long run, reproducibly", () => {
    const a = combinedCases("svc", bases, 20, random(3));
    expect(a).toHaveLength(20);
    expect(a.every((c) => c.dimension === "combined" && c.sameOperation)).toBe(true);
    expect(a.map((c) => c.label)).toEqual(combinedCases("svc", bases, 20, random(3)).map((c) => c.label));
    expect(a.some((c) => c.label.split(" + ").length >= 2)).toBe(true);
    expect(a.some((c) => /^(method|path|framing) /.test(c.label))).toBe(false);
  });

  it("draws the same numbers from the same seed, in [0, 1)", () => {
    const [x, y] = [random(42), random(42)];
    const xs = Array.from({ length: 100 }, x);
    expect(Array.from({ length: 100 }, y)).toEqual(xs);
    expect(xs.every((v) => v >= 0 && v < 1)).toBe(true);
    expect(new Set(xs).size).toBe(100);
    expect(random(43)()).not.toBe(xs[0]);
  });
});

describe("socket exchange", () => {
  let server: Server;
  let port: number;
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === "/slow") return;
      if (req.url === "/close") return res.socket?.end("HTTP/1.1 204 No Content\r\nX-A: 1\r\n\r\n");
      const body = `got ${req.url}`;
      res.writeHead(201, { "X-Echo": req.method ?? "", "content-type": "text/plain", "content-length": Buffer.byteLength(body) });
      res.end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  it("reads the status, lower-cased headers and the declared body, past an interim 100 Continue", async () => {
    const answer = await sendWire(port, serialize({ method: "POST", target: "/x?y=1", headers: [["expect", "100-continue"]], body: Buffer.from("hi") }));
    expect(answer.status).toBe(201);
    expect(answer.headers.get("x-echo")).toBe("POST");
    expect(answer.body.toString()).toBe("got /x?y=1");
    expect(answer.ms).toBeGreaterThan(0);
  });

  it("takes an answer the server ends the connection after, and fails a server that never answers", async () => {
    const closed = await sendWire(port, serialize({ method: "GET", target: "/close", headers: [] }));
    expect(closed).toMatchObject({ status: 204 });
    expect(closed.headers.get("x-a")).toBe("1");
    await expect(sendWire(port, serialize({ method: "GET", target: "/slow", headers: [] }), 200)).rejects.toThrow("no answer within 200 ms");
  });
});
