/**
 * Issue 46: the control operations in process on every handle of kms-v2 (startMock, serveHandler,
 * the lazy emulator behind mswEmulator), the state file of startMock (loaded at start, written on
 * close, a malformed one refusing the start), and the Prism mock's handle saying it has no state.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startMock } from "cloud-interfaces/mock";
import { createEmulator, lazyEmulator, serveHandler } from "cloud-interfaces/emulator";

const INSTANCE = "0c7d3a52-8f41-4b6e-9d2a-1e5f6a7b8c9d";
const dir = mkdtempSync(join(tmpdir(), "control-handles-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const keyCount = (snapshot: { state: Record<string, any> }) =>
  (snapshot.state.partitions.$map as Array<[string, any]>).flatMap(([, p]) => (p.records.$map as Array<[string, any]>).filter(([name]) => name === "key").flatMap(([, keys]) => keys.$map)).length;

describe("control operations on every kms-v2 handle", () => {
  it("startMock: generate, clock, snapshot, restore; the state file is written on close and loaded at start", async () => {
    const stateFile = join(dir, "mock-state.json");
    const mock = await startMock("kms-v2", { stateful: true, seed: 3, stateFile });
    expect(mock.generate({ resource: "key", count: 40, partition: { "svc-instance": INSTANCE } })).toEqual({ created: 40 });
    mock.setClock(new Date("2031-01-01T00:00:00Z"));
    mock.advanceClock(90);
    expect(mock.readClock()).toEqual({ now: "2031-01-01T00:01:30.000Z", running: false });
    const saved = mock.snapshot();
    expect(keyCount(saved)).toBe(40);
    mock.reset();
    expect(keyCount(mock.snapshot())).toBe(0);
    mock.restore(JSON.parse(JSON.stringify(saved)));
    expect(JSON.stringify(mock.snapshot())).toBe(JSON.stringify(saved));
    await mock.close();
    expect(JSON.parse(readFileSync(stateFile, "utf8"))).toEqual(saved);
    const again = await startMock("kms-v2", { stateful: true, stateFile });
    expect(keyCount(again.snapshot())).toBe(40);
    await again.close();
  });

  it("a malformed state file refuses the start, naming the file and the field; the file is left as it was", async () => {
    const stateFile = join(dir, "bad-state.json");
    writeFileSync(stateFile, JSON.stringify({ format: "cloud-interfaces/emulator-state", version: 1, service: "kms-v2", draws: 0, state: { partitions: [] } }));
    await expect(startMock("kms-v2", { stateful: true, stateFile })).rejects.toThrow(/bad-state\.json: state\.partitions: must be a map/);
    writeFileSync(join(dir, "not-json.json"), "{");
    await expect(startMock("kms-v2", { stateful: true, stateFile: join(dir, "not-json.json") })).rejects.toThrow(/not valid JSON/);
    expect(readFileSync(join(dir, "not-json.json"), "utf8")).toBe("{");
    const cli = spawnSync(process.execPath, ["--import", "tsx", "runtime/cli/main.ts", "mock", "kms-v2", "--stateful", "--port", "0", "--state-file", stateFile], { encoding: "utf8", timeout: 30_000 });
    expect(cli.status).toBe(1);
    expect(cli.stderr).toMatch(/bad-state\.json: state\.partitions: must be a map/);
  });

  it("the CLI refuses --state-file and --control without --stateful, and an unknown --control", () => {
    const run = (...args: string[]) => spawnSync(process.execPath, ["--import", "tsx", "runtime/cli/main.ts", "mock", "kms-v2", "--port", "0", ...args], { encoding: "utf8", timeout: 30_000 });
    const noState = run("--state-file", join(dir, "x.json"));
    expect([noState.status, noState.stderr]).toEqual([2, expect.stringContaining("--state-file: only the stateful emulator has state")]);
    const unknown = run("--stateful", "--control", "everyone");
    expect([unknown.status, unknown.stderr]).toEqual([2, expect.stringContaining("--control: must be one of off, loopback, any")]);
  });

  it("serveHandler and the lazy emulator (mswEmulator's) carry the same operations", async () => {
    const served = await serveHandler(createEmulator("kms-v2"));
    try {
      expect(served.generate({ resource: "key", count: 5, partition: { "svc-instance": INSTANCE } })).toEqual({ created: 5 });
      expect(keyCount(served.snapshot())).toBe(5);
    } finally {
      await served.close();
    }
    const lazy = lazyEmulator("kms-v2");
    expect(() => lazy.snapshot()).toThrow(/still loading/);
    await lazy.ready;
    lazy.generate({ resource: "key", count: 2, partition: { "svc-instance": INSTANCE } });
    lazy.setClock("2032-02-02T00:00:00Z");
    expect(lazy.readClock().now).toBe("2032-02-02T00:00:00.000Z");
    expect(keyCount(lazy.snapshot())).toBe(2);
  });

  it("the rate window reads the movable clock: advancing past it admits requests again", async () => {
    const emulator = createEmulator("kms-v2", { seed: { rateLimit: { requests: 2, windowMs: 60_000 } } });
    emulator.setClock("2030-01-01T00:00:00Z");
    const list = async () => (await emulator.handle(new Request("https://kms.example.com/api/v2/keys", { headers: { authorization: "Bearer t", "svc-instance": INSTANCE } }))).status;
    expect([await list(), await list(), await list()]).toEqual([200, 200, 429]);
    emulator.advanceClock(59);
    expect(await list()).toBe(429);
    emulator.advanceClock(1);
    expect(await list()).toBe(200);
  });

  it("the Prism mock's handle says it has no state", async () => {
    await expect(startMock("kms-v2", { stateFile: join(dir, "y.json") })).rejects.toThrow(/stateFile: only a stateful mock has state/);
    expect(existsSync(join(dir, "y.json"))).toBe(false);
    const prism = await startMock("kms-v2");
    try {
      expect(() => prism.snapshot()).toThrow(/serves no emulator/);
      expect(() => prism.advanceClock(1)).toThrow(/serves no emulator/);
    } finally {
      await prism.close();
    }
  });
});
