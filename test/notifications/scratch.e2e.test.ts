/**
 * A service is its document (issue 34), proved on a copy of the repository:
 * - a scratch service: the notifications document copied under a new id, with only its registry
 *   entry and its case catalogue added, builds, emulates (a create then a list), verifies with
 *   `--allow-writes` (every check verified) and has its site page;
 * - a scratch operation: a `GET /sources/{id}` annotated with `x-resource` added to the copied
 *   notifications document is built, emulated, verified and shown with no code edited.
 * Then `npm run sync-exports` names the new service where the package and Redocly need it, and
 * the fast tests that read the registry (the naming guard, the registry's own) pass unedited.
 * One full build of the copy: test:e2e.
 */
import { cpSync, existsSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { ChildProcess } from "node:child_process";
import { parse } from "yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/** A child Node loading the CLI, and verify's hundred-odd requests, on a loaded machine: generous, a hang detector only. */
const SLOW = 300_000;
import { ROOT } from "../../scripts/lib/paths.js";
import { scratchProject, type ScratchProject } from "../harness/scratch-project.js";

const FROM = "notifications-v1";
const NEW = "relay-v1";
const INSTANCE = "9de2c1f3-6a3b-4e5c-8d7f-1a2b3c4d5e6f";
const TOKEN = { SCRATCH_TOKEN: "scratch-token" };
const auth = { authorization: `Bearer ${TOKEN.SCRATCH_TOKEN}` };

/** The new operation: an annotated get on the sources the document already creates and lists. */
const GET_SOURCE = `operationId: getSource
x-resource: { name: source, action: get, partition: [instance_id], id: id }
summary: Get source
description: Returns one source.
tags: [ Sources ]
security:
  - bearerAuth: []
x-iam-action: notifsvc.sources.read
x-audit-events: [ notifsvc.sources.read ]
x-assumed: "A scratch operation of the e2e test that adds an operation to a copied document."
responses:
  "200":
    description: The source.
    content:
      application/json:
        schema:
          $ref: "../schemas/Source.yaml"
        examples:
          source:
            summary: An API source
            value:
              id: e7c3b3ee-78d9-4e02-95c3-c001a05e6ea5
              name: CI pipeline
              description: Build events
              enabled: true
              type: api
              updated_at: "2026-11-20T10:20:00Z"
  "400":
    $ref: "../responses/BadRequest.yaml"
  "401":
    $ref: "../responses/Unauthorized.yaml"
  "403":
    $ref: "../responses/Forbidden.yaml"
  "404":
    $ref: "../responses/NotFound.yaml"
  "408":
    $ref: "../responses/RequestTimeout.yaml"
  "429":
    $ref: "../responses/TooManyRequests.yaml"
  "500":
    $ref: "../responses/InternalServerError.yaml"
  "503":
    $ref: "../responses/ServiceUnavailable.yaml"
`;

let project: ScratchProject;
const children: ChildProcess[] = [];

beforeAll(async () => {
  project = scratchProject("scratch-service-");
  // The new service: its document (the root file and its own folder), its registry entry and its case catalogue.
  project.write(`openapi/${NEW}.yaml`, project.read(`openapi/${FROM}.yaml`).replaceAll(`./${FROM}/`, `./${NEW}/`));
  cpSync(join(ROOT, "openapi", FROM), join(project.root, "openapi", NEW), { recursive: true });
  const registry = JSON.parse(project.read("openapi/services.json"));
  const from = registry.services.find((s: { id: string }) => s.id === FROM);
  registry.services.push({ ...from, id: NEW, document: `${NEW}.yaml` });
  project.write("openapi/services.json", `${JSON.stringify(registry, null, 2)}\n`);
  project.write(`test/cases/${NEW}.ts`, project.read(`test/cases/${FROM}.ts`).replaceAll(`"${FROM}"`, `"${NEW}"`));
  // The new operation, in the copied notifications document: its file and its line in the path table.
  project.write(`openapi/${FROM}/operations/getSource.yaml`, GET_SOURCE);
  const root = project.read(`openapi/${FROM}.yaml`);
  const at = `    delete:\n      $ref: ./${FROM}/operations/deleteSource.yaml\n`;
  expect(root.split(at).length, "the source item's delete line").toBe(2);
  project.write(`openapi/${FROM}.yaml`, root.replace(at, `    get:\n      $ref: ./${FROM}/operations/getSource.yaml\n${at}`));

  const build = await project.npm("build");
  expect(build.code, `${build.stdout}${build.stderr}`).toBe(0);
  expect(build.stdout).toMatch(/build: 7 document\(s\), 7 rebuilt, 0 unchanged, ok/);
  const sync = await project.npm("sync-exports");
  expect(sync.code, sync.stderr).toBe(0);
}, 1_200_000);

afterAll(() => {
  for (const child of children) child.kill();
  if (project) rmSync(project.root, { recursive: true, force: true });
});

/** The stateful emulator of `id` over HTTP, from the copy's command line. */
async function emulator(id: string): Promise<string> {
  const { child, match } = await project.start(["mock", id, "--stateful", "--port", "0"], /stateful emulator listening on (http:\/\/\S+)/);
  children.push(child);
  return match[1]!;
}

/** `verify <id> --allow-writes` with the flags the README shows, against `url`: the text report. */
async function verify(id: string, url: string): Promise<string> {
  const result = await project.cli(["verify", id, "--base-url", url, "--credentials-env", "bearerAuth=SCRATCH_TOKEN", "--allow-writes", "--allow-send", "--rate", "1000"], TOKEN);
  expect(result.code, `${result.stdout}${result.stderr}`).toBe(0);
  return result.stdout;
}

const operationIds = (id: string): string[] =>
  Object.values<any>(JSON.parse(project.read(`dist/openapi/${id}.json`)).paths).flatMap((item) => Object.values<any>(item).flatMap((op) => (op?.operationId ? [op.operationId] : [])));

describe("a scratch service: a copied document under a new id, its registry entry and case catalogue", () => {
  it("is built: its generated folder, and the tables every runtime reads", () => {
    expect(readdirSync(join(project.root, "generated", NEW)).sort()).toEqual(readdirSync(join(project.root, "generated", FROM)).sort());
    expect(project.read("generated/service-ids.ts")).toContain(`"${NEW}"`);
    expect(project.read("generated/loaders.ts")).toContain(`"${NEW}": async () =>`);
  });

  it("is named by npm run sync-exports wherever the package and Redocly need it", () => {
    const exports = JSON.parse(project.read("package.json")).exports;
    expect(exports[`./${NEW}`]).toMatchObject({ source: `./generated/${NEW}/index.ts` });
    expect(exports[`./openapi/${NEW}.json`]).toBe(`./dist/openapi/${NEW}.json`);
    expect(parse(project.read("redocly.yaml")).apis[NEW]).toEqual({ root: `openapi/${NEW}.yaml` });
  });

  it("is emulated: a create then a list", async () => {
    const url = await emulator(NEW);
    const sources = `${url}/v1/instances/${INSTANCE}/sources`;
    const created = await fetch(sources, { method: "POST", headers: { ...auth, "content-type": "application/json" }, body: JSON.stringify({ name: "Scratch", description: "made by the scratch test" }) });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const listed = await fetch(sources, { headers: auth });
    expect(listed.status).toBe(200);
    expect(((await listed.json()) as { sources: Array<{ id: string; name: string }> }).sources).toContainEqual(expect.objectContaining({ id, name: "Scratch" }));
  }, SLOW);

  it("verifies with --allow-writes: every check verified, every operation covered", async () => {
    const report = await verify(NEW, await emulator(NEW));
    expect(report).toMatch(new RegExp(`^${NEW} at http://\\S+: PASS$`, "m"));
    const [, verified, of] = /^checks: (\d+) verified of (\d+)/m.exec(report)!;
    expect(Number(verified)).toBeGreaterThan(100);
    expect(verified).toBe(of);
    const count = operationIds(NEW).length;
    expect(report).toContain(`coverage: operations ${count}/${count} (100 %)`);
  }, SLOW);

  it("has its site page, with every operation, linked from the index", () => {
    const page = join(project.root, "dist", "site", `${NEW}.html`);
    expect(existsSync(page), page).toBe(true);
    const html = project.read(`dist/site/${NEW}.html`);
    for (const operationId of operationIds(NEW)) expect(html, operationId).toContain(operationId);
    expect(project.read("dist/site/index.html")).toContain(`${NEW}.html`);
  });

  it("passes the fast tests that read the registry, unedited (the naming guard, the registry's)", async () => {
    const run = await project.npm("test", ["--reporter=verbose", "test/service-names.test.ts", "test/registry.test.ts", "test/layout.test.ts"]);
    expect(run.code, `${run.stdout}${run.stderr}`).toBe(0);
    expect(run.stdout).toMatch(new RegExp(`${NEW} has its document`));
  }, SLOW * 2);
});

describe("a scratch operation: an x-resource get added to the copied notifications document", () => {
  it("is in the built document and the generated client's paths", () => {
    expect(operationIds(FROM)).toContain("getSource");
    expect(project.read(`generated/${FROM}/types.ts`)).toMatch(/getSource/);
  });

  it("is emulated: the get answers the source a create made, and 404 for one it did not", async () => {
    const url = await emulator(FROM);
    const sources = `${url}/v1/instances/${INSTANCE}/sources`;
    const created = await fetch(sources, { method: "POST", headers: { ...auth, "content-type": "application/json" }, body: JSON.stringify({ name: "Scratch get", description: "d" }) });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const got = await fetch(`${sources}/${id}`, { headers: auth });
    expect(got.status).toBe(200);
    expect(await got.json()).toMatchObject({ id, name: "Scratch get", description: "d" });
    expect((await fetch(`${sources}/no-such-source`, { headers: auth })).status).toBe(404);
  }, SLOW);

  it("is verified with --allow-writes like the rest, and shown on the site page", async () => {
    const report = await verify(FROM, await emulator(FROM));
    expect(report).toMatch(/^ {2}✓ getSource \(GET \/v1\/instances\/\{instance_id\}\/sources\/\{id\}\): \d+ verified$/m);
    const [, verified, of] = /^checks: (\d+) verified of (\d+)/m.exec(report)!;
    expect(verified).toBe(of);
    expect(project.read(`dist/site/${FROM}.html`)).toContain("getSource");
  }, SLOW);
});
