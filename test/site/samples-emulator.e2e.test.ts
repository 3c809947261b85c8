/**
 * The code samples in the languages clients use, run as written against the emulator: for every
 * operation of every service, the curl sample in a shell (real curl), the JavaScript fetch sample
 * as an ES module, and the Python sample with python3, each against a fresh emulator served over
 * HTTP, with the service's URL and the credential examples of its security schemes (`x-example`)
 * in the environment the samples read. Each must print a documented success status, and the
 * emulator must record no violation of the document. Without python3 the Python part is skipped,
 * except under CI=true, where it fails. Every Java sample compiles with javac when the machine
 * has one (Go's are not compiled here: no Go toolchain on the project's machines).
 */
import { execFile, spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { createEmulator, serveHandler } from "cloud-interfaces/emulator";
import { DIST_DIR } from "../../scripts/lib/paths.js";
import { credentialEnv, SAMPLE_LABELS } from "../../scripts/lib/site/code-samples.js";
import { bundledDocument } from "../harness/documents.js";
import { sampleServices, samplesOf, sampleSource, type OperationSamples } from "../harness/site-samples.js";

const services = sampleServices();

/** A child process, awaited: the emulators answer from this process's event loop, which a synchronous spawn would block. */
function run(file: string, args: string[], options: { env: Record<string, string>; input?: string }): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile(file, args, { env: options.env, encoding: "utf8", timeout: 50_000 }, (error, stdout, stderr) => (error ? reject(new Error(`${file}: ${error.message}\n${stderr}`)) : resolve(stdout)));
    child.stdin!.end(options.input ?? "");
  });
}
const python = spawnSync("python3", ["--version"]).status === 0;
const javac = spawnSync("javac", ["-version"]).status === 0;
const requirePython = process.env.CI === "true";
const servers: Array<{ close(): Promise<void> }> = [];
afterAll(async () => void (await Promise.all(servers.map((s) => s.close()))));

/** The environment a reader sets: each scheme's credential example, and the service's URL. */
function environment(id: string, baseUrl: string): Record<string, string> {
  const doc = bundledDocument(id);
  const env: Record<string, string> = { [credentialEnv(id, "baseUrl")]: baseUrl };
  for (const [name, scheme] of Object.entries<any>(doc.components?.securitySchemes ?? {})) {
    const example = String(scheme["x-example"] ?? "example-credential");
    env[credentialEnv(id, name)] = example;
    const colon = example.indexOf(":");
    env[credentialEnv(id, name, "username")] = colon < 0 ? example : example.slice(0, colon);
    env[credentialEnv(id, name, "password")] = colon < 0 ? "" : example.slice(colon + 1);
  }
  return env;
}

/** The documented server URL a curl sample writes out (none for a placeholder host, which it reads from the environment). */
function documentedBase(id: string): string | undefined {
  const server = bundledDocument(id).servers[0];
  if (server["x-placeholder"]) return undefined;
  return server.url.replace(/\{([^}]+)\}/g, (_: string, name: string) => String(server.variables[name].default));
}

/** A fresh emulator per operation: each sample meets the starting world, as a reader's first call does. */
async function freshEmulators(id: string, ops: OperationSamples[]) {
  return Promise.all(
    ops.map(async () => {
      const emulator = createEmulator(id as Parameters<typeof createEmulator>[0]);
      const server = await serveHandler(emulator);
      servers.push(server);
      return { emulator, url: server.url, close: () => server.close() };
    }),
  );
}

const verdict = (op: OperationSamples, status: number, violations: readonly unknown[]) => ({ operation: op.operationId, success: op.success.includes(status) ? "documented success" : `status ${status}`, violations });
const expected = (op: OperationSamples) => ({ operation: op.operationId, success: "documented success", violations: [] });

describe("code samples in the languages clients use, against the emulator", () => {
  it("every operation has the package's client, curl, fetch, Python, Go and Java samples", () => {
    for (const { id } of services) {
      for (const op of samplesOf(id)) {
        expect(op.samples.map((s) => s.label), op.operationId).toEqual(Object.values(SAMPLE_LABELS));
        expect(op.samples.map((s) => s.lang)).toEqual(["TypeScript", "Shell", "JavaScript", "Python", "Go", "Java", "TypeScript"]);
      }
    }
  });

  it.each(services.map((s) => s.id))("%s: every curl sample, run by curl, gets a documented success", async (id) => {
    const ops = samplesOf(id);
    const emulators = await freshEmulators(id, ops);
    const base = documentedBase(id);
    for (const [i, op] of ops.entries()) {
      const { emulator, url } = emulators[i]!;
      let source = sampleSource(op.samples, SAMPLE_LABELS.curl)!.trimEnd();
      if (base) source = source.split(base).join(url);
      const status = await run("sh", ["-c", `${source} \\\n  --silent --output /dev/null --write-out '%{http_code}'`], { env: { PATH: process.env.PATH!, ...environment(id, url) } });
      expect(verdict(op, Number(status), emulator.violations)).toEqual(expected(op));
    }
  });

  it.each(services.map((s) => s.id))("%s: every fetch sample, run as an ES module, gets a documented success", async (id) => {
    const ops = samplesOf(id);
    const emulators = await freshEmulators(id, ops);
    const dir = join(DIST_DIR, "sample-run-fetch", id);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const log = vi.spyOn(console, "log").mockImplementation(() => undefined);
    const saved = { ...process.env };
    try {
      for (const [i, op] of ops.entries()) {
        const { emulator, url } = emulators[i]!;
        Object.assign(process.env, environment(id, url));
        const file = join(dir, `${op.operationId}.mjs`);
        writeFileSync(file, sampleSource(op.samples, SAMPLE_LABELS.fetch)!);
        log.mockClear();
        await import(/* @vite-ignore */ file);
        expect(log.mock.calls.length, op.operationId).toBe(1);
        expect(verdict(op, log.mock.calls[0]![0] as number, emulator.violations)).toEqual(expected(op));
      }
    } finally {
      log.mockRestore();
      for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
      Object.assign(process.env, saved);
    }
  });

  it.runIf(python || requirePython).each(services.map((s) => s.id))("%s: every Python sample, run by python3, gets a documented success", async (id) => {
    expect(python, "python3 is needed to run the Python samples (CI=true)").toBe(true);
    const ops = samplesOf(id);
    const emulators = await freshEmulators(id, ops);
    // One interpreter for the service: each sample runs as its own script (own globals) with its environment.
    const runs = ops.map((op, i) => ({ source: sampleSource(op.samples, SAMPLE_LABELS.python)!, env: environment(id, emulators[i]!.url) }));
    const runner = `
import contextlib, io, json, os, sys
for run in json.load(sys.stdin):
    os.environ.update(run["env"])
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(run["source"], "<sample>", "exec"), {"__name__": "__main__"})
    print(json.dumps(out.getvalue()))
`;
    const output = await run("python3", ["-c", runner], { input: JSON.stringify(runs), env: { PATH: process.env.PATH! } });
    const printed = output.trim().split("\n").map((line) => JSON.parse(line) as string);
    expect(printed).toHaveLength(ops.length);
    for (const [i, op] of ops.entries()) {
      expect(verdict(op, Number(printed[i]!.split(" ")[0]), emulators[i]!.emulator.violations)).toEqual(expected(op));
    }
  });

  it.runIf(javac)("every Java sample compiles with javac (java.net.http, one class per operation)", { timeout: 120_000 }, async () => {
    const dir = join(DIST_DIR, "sample-run-java");
    rmSync(dir, { recursive: true, force: true });
    const files: string[] = [];
    for (const { id } of services) {
      for (const op of samplesOf(id)) {
        const source = sampleSource(op.samples, SAMPLE_LABELS.java)!;
        const name = /public class (\w+)/.exec(source)![1]!;
        mkdirSync(join(dir, id, op.operationId), { recursive: true });
        const file = join(dir, id, op.operationId, `${name}.java`);
        writeFileSync(file, source);
        files.push(file);
      }
    }
    // Same-named classes (identity v3 and v4 share operations) are compiled one service at a time.
    for (const { id } of services) await run("javac", ["-d", join(dir, "classes", id), ...files.filter((f) => f.startsWith(join(dir, id) + "/"))], { env: { PATH: process.env.PATH! } });
  });
});
