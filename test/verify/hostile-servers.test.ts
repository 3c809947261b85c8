/**
 * The verifier against servers that misbehave: each gives a verdict and an exit code, never a
 * hang, a flood or a false pass. Reading that stopped at the byte limit is proven by the bytes
 * the server managed to write. The target is the first service of the registry with a secured,
 * paginated list; the runs are narrowed to that list (`only`), with short limits, so the
 * battery adds seconds.
 */
import { afterAll, describe, expect, it } from "vitest";
import { renderJson, renderText, verifyServer, type VerifyOptions, type VerifyReport } from "cloud-interfaces/verify";
import { securitySchemes } from "../../runtime/verify/operations.js";
import type { TableOperation } from "../../runtime/openapi/operation-table.js";
import { documentedAnswer, HARD_STOP_BYTES, hostileServers, invalidList, listTarget, type HostileServer } from "../../scripts/lib/hostile-servers.js";

const target = listTarget();
const documented = (op: TableOperation, status: string) => documentedAnswer(target.doc, op, status);

const schemes = Object.keys(securitySchemes(target.doc));
const ENV = Object.fromEntries(schemes.map((s, i) => [`HOSTILE_SECRET_${i}`, `hostile-secret-${i}-value`]));
const CREDENTIALS = Object.fromEntries(schemes.map((s, i) => [s, `HOSTILE_SECRET_${i}`]));

/**
 * Starts a server for one test; all close after the file (the tests run side by side, most of
 * their time is waiting, and a hook of one concurrent test could close another's server).
 */
const servers: HostileServer[] = [];
afterAll(() => Promise.all(servers.map((s) => s.close())));
async function started(server: Promise<HostileServer>): Promise<HostileServer> {
  const s = await server;
  servers.push(s);
  return s;
}

async function run(server: Promise<HostileServer>, options: Partial<VerifyOptions> = {}): Promise<{ report: VerifyReport; server: HostileServer }> {
  const s = await started(server);
  const report = await verifyServer(target.id, {
    baseUrl: s.url,
    only: [target.list.operationId],
    rate: Infinity,
    env: ENV,
    credentialsEnv: CREDENTIALS,
    // Generous: only the stalling servers below meet it (with their own short limit), whatever the load.
    requestTimeoutMs: 10_000,
    maxBodyBytes: 64 * 1024,
    deadlineMs: 60_000,
    ...options,
  });
  return { report, server: s };
}

const checks = (report: VerifyReport) => report.operations.flatMap((o) => o.checks);
const messages = (report: VerifyReport) => checks(report).flatMap((c) => c.failures.map((f) => f.message));

describe.concurrent(`verify against hostile servers (${target.id} ${target.list.operationId})`, () => {
  it("a body that stalls after its headers is one failed check per request, and the run goes on", async () => {
    const { report } = await run(hostileServers.stallAfterHeaders(), { maxBodyBytes: 2 ** 50, requestTimeoutMs: 50 });
    expect(report.verdict).toBe("fail");
    expect(report.exitCode).toBe(1);
    expect(report.incomplete).toBeUndefined();
    // Every request the run sent was answered by a failed check, none hung the run.
    expect(checks(report).length).toBe(report.summary.requests);
    expect(checks(report).every((c) => c.verdict === "failed" && /no complete answer within 0\.05 s/.test(c.failures[0]!.message))).toBe(true);
  });

  it("a dripping body is cut at the per-request limit", async () => {
    const { report } = await run(hostileServers.drip(20), { requestTimeoutMs: 50 });
    expect(report.exitCode).toBe(1);
    expect(messages(report).every((m) => /no complete answer within 0\.05 s/.test(m))).toBe(true);
  });

  it("an endless body is read no further than the byte limit", async () => {
    const { report, server } = await run(hostileServers.endless());
    expect(report.exitCode).toBe(1);
    expect(messages(report).every((m) => m.includes("larger than 64 KiB (the byte limit, --max-body)"))).toBe(true);
    // What the server could write per request: the limit plus what the sockets buffer, far from the hard stop.
    expect(server.written / server.requests).toBeLessThan(16 * 1024 * 1024);
    expect(server.written).toBeLessThan(HARD_STOP_BYTES);
  });

  it("a Content-Length over the limit is refused before the body is read", async () => {
    const { report, server } = await run(hostileServers.hugeContentLength());
    expect(report.exitCode).toBe(1);
    expect(messages(report).filter((m) => !/larger than 64 KiB .*Content-Length 1000000000000/.test(m))).toEqual([]);
    expect(server.written / server.requests).toBeLessThan(16 * 1024 * 1024);
  });

  it("a 200 with 20,000 invalid items keeps its first failures and notes there may be more", async () => {
    const wrong = invalidList(target, 20_000);
    const { report } = await run(hostileServers.always(200, wrong.headers, wrong.body), { maxBodyBytes: 16 * 1024 * 1024 });
    const example = checks(report).find((c) => c.kind === "documented")!;
    expect(example.verdict).toBe("failed");
    // Over 1 MiB: the first problem, and the note that there may be more (counting them all costs Ajv quadratic time).
    expect(example.failures.length).toBeLessThanOrEqual(11);
    expect(example.failures.at(-1)!.message).toMatch(/^… and possibly more: an answer over 1 MiB/);
    expect(renderJson(report).length).toBeLessThan(256 * 1024);
  });

  it("a smaller wrong answer has its problems counted", async () => {
    const wrong = invalidList(target, 200);
    const { report } = await run(hostileServers.always(200, wrong.headers, wrong.body));
    const example = checks(report).find((c) => c.kind === "documented")!;
    expect(example.failures).toHaveLength(11);
    expect(Number(/^… and (\d+) more$/.exec(example.failures[10]!.message)?.[1])).toBeGreaterThanOrEqual(200 - 10);
  });

  it("every answer 401 although credentials were given: the run stops, naming the scheme and the variable", async () => {
    const denied = documented(target.list, "401");
    const { report } = await run(hostileServers.always(401, denied.headers, JSON.stringify(denied.body)));
    expect(report.verdict).toBe("incomplete");
    expect(report.exitCode).toBe(2);
    expect(report.incomplete).toMatch(new RegExp(`^credentials rejected: .*${target.list.security[0]![0]} \\(from HOSTILE_SECRET_\\d\\)`));
    // Stopped after the documented requests: no negative case was sent.
    expect(checks(report).every((c) => c.kind === "documented")).toBe(true);
  });

  it("every answer 401 and no credentials given: nothing is verified, the report says which option supplies them", async () => {
    const denied = documented(target.list, "401");
    const { report } = await run(hostileServers.always(401, denied.headers, JSON.stringify(denied.body)), { credentialsEnv: {} });
    expect(report.verdict).toBe("not verified");
    expect(report.exitCode).toBe(2);
    expect(report.summary.verified).toBe(checks(report).filter((c) => c.kind === "negative" && c.name.includes("security")).length);
    const documentedCheck = checks(report).find((c) => c.kind === "documented")!;
    expect(documentedCheck.verdict).toBe("not verified");
    expect(documentedCheck.reason).toMatch(/^401: no credentials for .*--credentials-env /);
    expect(renderText(report)).toMatch(/NOT VERIFIED/);
  });

  it("every answer the documented 400: a valid request refused is a failure", async () => {
    const refused = documented(target.list, "400");
    const { report } = await run(hostileServers.always(400, refused.headers, JSON.stringify(refused.body)));
    expect(report.exitCode).toBe(1);
    const documentedCheck = checks(report).find((c) => c.kind === "documented")!;
    expect(documentedCheck.verdict).toBe("failed");
    expect(documentedCheck.failures[0]!.message).toMatch(/^valid request refused: example \S+ of \S+ was answered 400$/);
  });

  it("a redirect to another origin is a failed check, noted and not followed", async () => {
    const { report, server } = await run(hostileServers.always(302, { location: "https://elsewhere.example/list" }, ""));
    expect(report.exitCode).toBe(1);
    const documentedCheck = checks(report).find((c) => c.kind === "documented")!;
    expect(documentedCheck.verdict).toBe("failed");
    expect(documentedCheck.notes).toContain("redirect to another origin (https://elsewhere.example) not followed");
    expect(server.requests).toBe(report.summary.requests);
  });

  it("a connection the server closed while the verifier was busy is replaced, not reported", async () => {
    const ok = documented(target.list, "200");
    let sent = 0;
    const { report, server } = await run(hostileServers.always(200, ok.headers, JSON.stringify(ok.body)), {
      // What undici reports when the kept-alive connection a request went out on had been closed by the server
      // (Node closes one idle for 5 s; the verifier can be busy that long checking a large answer): every other send.
      fetch: (request, init) =>
        sent++ % 2 === 0 ? Promise.reject(Object.assign(new TypeError("fetch failed"), { cause: Object.assign(new Error("other side closed"), { code: "UND_ERR_SOCKET" }) })) : fetch(request, init),
    });
    expect(report.incomplete).toBeUndefined();
    expect(messages(report).filter((m) => /no answer|socket|broke off/i.test(m))).toEqual([]);
    expect(checks(report).length).toBeGreaterThan(2);
    expect(server.requests).toBe(checks(report).length);
    expect(report.summary.requests).toBe(2 * checks(report).length);
  });

  it("a connection closed twice in a row is a connection error (exit code 2), not a check", async () => {
    const s = await started(hostileServers.always(200, {}, "{}"));
    const closed = () => Promise.reject(Object.assign(new TypeError("fetch failed"), { cause: Object.assign(new Error("other side closed"), { code: "UND_ERR_SOCKET" }) }));
    await expect(verifyServer(target.id, { baseUrl: s.url, only: [target.list.operationId], env: ENV, credentialsEnv: CREDENTIALS, fetch: closed })).rejects.toThrow(/no answer \(UND_ERR_SOCKET\)/);
  });




});
