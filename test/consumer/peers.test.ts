/**
 * The optional peers are ranges (package.json peerDependencies, `^` of the tested major): the
 * packed package is installed beside both ends of every range, the lowest version each range
 * admits and the version the lockfile pins, with npm resolving peers as a user's install does,
 * and each feature runs: the Prism mock, the stateful emulator (Ajv), the MSW emulator.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import semver from "semver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT } from "../../scripts/lib/paths.js";
import { exec, installProjectWithOutput, packPackage, type Result } from "./workspace.js";

const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { peerDependencies: Record<string, string> };
const lock = JSON.parse(readFileSync(join(ROOT, "package-lock.json"), "utf8")) as { packages: Record<string, { version: string }> };
const PEERS = Object.keys(pkg.peerDependencies).sort();
const ENDS = {
  lowest: PEERS.map((name) => `${name}@${semver.minVersion(pkg.peerDependencies[name]!)!.version}`),
  locked: PEERS.map((name) => `${name}@${lock.packages[`node_modules/${name}`]!.version}`),
};
/** MSW 3's own floor (engines), which the README states beside the msw entry. */
const MSW_NODE = "22.12.0";

/** Each feature of an optional peer, used as the README shows it; prints one JSON line. */
const PROGRAM = `
import { createKmsV2Client } from "cloud-interfaces/kms-v2";
import { startMock } from "cloud-interfaces/mock";
const KEY = "application/vnd.svc.kms.key+json";
const body = { metadata: { collectionType: KEY, collectionTotal: 1 }, resources: [{ type: KEY, name: "k" }] };
const options = { credentials: { bearerAuth: "t" }, bind: { "svc-instance": "0c7d3a52-8f41-4b6e-9d2a-1e5f6a7b8c9d" } };
const out = {};
const mock = await startMock("kms-v2");
out.prism = (await createKmsV2Client({ baseUrl: mock.url, ...options }).GET("/api/v2/keys", {})).response.status;
await mock.close();
const emulator = await startMock("kms-v2", { stateful: true });
const stateful = createKmsV2Client({ baseUrl: emulator.url, ...options });
out.created = (await stateful.POST("/api/v2/keys", { body })).response.status;
out.listed = (await stateful.GET("/api/v2/keys", {})).data.resources.map((k) => k.name);
await emulator.close();
try {
  const { setupServer } = await import("msw/node");
  const { mswEmulator } = await import("cloud-interfaces/msw");
  const kms = mswEmulator("kms-v2");
  const server = setupServer(...kms.handlers);
  server.listen({ onUnhandledRequest: "error" });
  const client = createKmsV2Client({ baseUrl: kms.baseUrl, ...options });
  await client.POST("/api/v2/keys", { body });
  out.msw = (await client.GET("/api/v2/keys", {})).data.resources.map((k) => k.name);
  server.close();
} catch (error) {
  out.msw = error.message;
}
console.log(JSON.stringify(out));
`;

let work: string;
const apps: string[] = [];
const results: Record<string, { installed: Result; versions: Record<string, string>; ran: Result }> = {};

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), "ci-peers-pack-"));
  const tarball = await packPackage(work);
  for (const [end, specs] of Object.entries(ENDS)) {
    const { dir, installed } = await installProjectWithOutput(tarball, specs);
    apps.push(dir);
    const versions = Object.fromEntries(PEERS.map((name) => [name, JSON.parse(readFileSync(join(dir, "node_modules", name, "package.json"), "utf8")).version as string]));
    writeFileSync(join(dir, "peers.mjs"), PROGRAM);
    results[end] = { installed, versions, ran: await exec(process.execPath, ["peers.mjs"], dir) };
  }
}, 600_000);

afterAll(() => {
  for (const dir of [work, ...apps]) if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("optional peers at both ends of their ranges", { timeout: 60_000 }, () => {
  it("the two ends differ where a range admits versions below the pinned one", () => {
    expect(ENDS.lowest.filter((spec, i) => spec !== ENDS.locked[i]).length).toBeGreaterThanOrEqual(2);
  });

  it.each(Object.keys(ENDS))("%s: installs without a peer conflict, the versions asked for", (end) => {
    const { installed, versions } = results[end]!;
    expect(installed.stderr).not.toMatch(/ERESOLVE|peer dep|conflicting peer/i);
    expect(Object.entries(versions).map(([name, version]) => `${name}@${version}`)).toEqual(ENDS[end as keyof typeof ENDS]);
  });

  it.each(Object.keys(ENDS))("%s: the Prism mock, the stateful emulator and the MSW emulator run", (end) => {
    const { ran } = results[end]!;
    expect(ran.code, ran.stdout + ran.stderr).toBe(0);
    const out = JSON.parse(ran.stdout) as { prism: number; created: number; listed: string[]; msw: unknown };
    expect(out).toMatchObject({ prism: 200, created: 201, listed: expect.arrayContaining(["k"]) });
    if (semver.gte(process.versions.node, MSW_NODE)) expect(out.msw).toEqual(expect.arrayContaining(["k"]));
    else expect(out.msw).toContain(`this is Node ${process.versions.node}`);
  });
});
