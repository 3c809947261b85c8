/**
 * The generated client in the ecosystem that takes an openapi-fetch client: openapi-react-query
 * and TanStack Query installed beside the packed tarball in a fresh project, as a user adds
 * them; the user's module (fixtures/react-query-app) is type-checked under the strict consumer
 * tsconfig and run with vitest against the KMS mock. No React rendering: `queryOptions` and
 * `QueryClient.fetchQuery` are the whole path a component's `useQuery` takes to the network.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT } from "../../scripts/lib/paths.js";
import { copyFixtures, exec, installProject, linkDevTools, packPackage } from "./workspace.js";

/**
 * openapi-react-query and its peers, at the repository's pinned versions (package.json
 * devDependencies). @types/react is TanStack's optional peer, which a TypeScript user has:
 * without it @tanstack/react-query's own declarations fail to type-check (TS7016 on 'react').
 */
const LIBRARIES = ["openapi-react-query", "@tanstack/react-query", "react", "@types/react"];
const FIXTURE = "react-query-app";
let work: string;
let app: string;

beforeAll(async () => {
  const { devDependencies } = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { devDependencies: Record<string, string> };
  const pinned = LIBRARIES.map((name) => {
    if (!devDependencies[name]) throw new Error(`${name} is not pinned in package.json devDependencies`);
    return `${name}@${devDependencies[name]}`;
  });
  work = mkdtempSync(join(tmpdir(), "ci-rq-pack-"));
  app = await installProject(await packPackage(work), pinned);
  linkDevTools(app, ["typescript", "vitest", "@types/node", "@stoplight/prism-http", "@stoplight/prism-core"]);
  copyFixtures(app);
}, 180_000);

afterAll(() => {
  for (const dir of [work, app]) if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("openapi-react-query on the generated client, installed from the tarball", { timeout: 120_000 }, () => {
  it("shares the package's one openapi-fetch (openapi-react-query's peer) instead of a second copy", async () => {
    const listed = await exec("npm", ["ls", "openapi-fetch", "--all", "--parseable"], app);
    expect(listed.code, listed.stdout + listed.stderr).toBe(0);
    expect(listed.stdout.trim().split("\n")).toEqual([join(app, "node_modules", "openapi-fetch")]);
  });

  it("type-checks the user's module: openapi-react-query's createClient takes the client, and its path and parameter types hold", async () => {
    const tsc = join(app, "node_modules", "typescript", "bin", "tsc");
    const project = join(FIXTURE, "tsconfig.json");
    const checked = await exec(process.execPath, [tsc, "-p", project], app);
    expect(checked.stdout + checked.stderr).toBe("");
    expect(checked.code).toBe(0);
    // The @ts-expect-error lines are proven to be errors (the types are the document's, not `any`): without the directives tsc fails on each.
    const file = join(app, FIXTURE, "kms-list.test.ts");
    const source = readFileSync(file, "utf8");
    const expected = source.split("\n").filter((l) => l.includes("@ts-expect-error")).length;
    writeFileSync(file, source.replaceAll("// @ts-expect-error", "// expected error"));
    const unguarded = await exec(process.execPath, [tsc, "-p", project], app);
    writeFileSync(file, source);
    expect(expected).toBeGreaterThanOrEqual(4);
    expect(unguarded.stdout.match(/error TS/g)?.length, unguarded.stdout).toBe(expected);
  });

  it("fetches a KMS list from startMock through queryOptions and QueryClient.fetchQuery, and surfaces both kinds of failure", async () => {
    const result = await exec(process.execPath, [join(app, "node_modules", "vitest", "vitest.mjs"), "run", "--root", join(app, FIXTURE)], app, { NO_COLOR: "1" });
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toMatch(/Tests\s+3 passed \(3\)/);
  });
});
