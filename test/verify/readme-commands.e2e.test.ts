/**
 * The README's verify command for every service of the registry, run as written against a fresh
 * `mock <id> --stateful` over HTTP: the flags are parsed by the command's own option set, the
 * variables are the README's `export` lines, and only the port (the emulator's, chosen free) and
 * the request rate (to keep the run short) differ. Each must exit 0 with every check verified, and
 * again when run a second time against the same emulator.
 * In test:e2e: six runs over HTTP take longer than a file of `npm test` may.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT } from "../../scripts/lib/paths.js";
import { SERVICE_IDS, startMock, type ServiceId } from "cloud-interfaces/mock";
import { COMMANDS } from "../../runtime/cli/commands.js";
import { parseCommand } from "../../runtime/cli/options.js";
import { runVerify } from "../../runtime/verify/cli.js";
import { readmeText } from "../consumer/readme-blocks.js";

/** Words of a shell line: single quotes keep spaces. */
const words = (line: string) => [...line.matchAll(/'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2]!);

const text = readmeText();
const variables = Object.fromEntries([...text.matchAll(/^export (.+)$/gm)].flatMap((m) => [...m[1]!.matchAll(/(\w+)='([^']*)'/g)].map((v) => [v[1]!, v[2]!])));
const verifyCommand = COMMANDS.find((c) => c.name === "verify")!;

const saved = { ...process.env };
afterAll(() => {
  for (const name of Object.keys(variables)) if (saved[name] === undefined) delete process.env[name];
});

describe.each([...SERVICE_IDS])("the README's verify command for %s", (serviceId) => {
  it("runs as written against the service's emulator: exit 0, every check verified, twice", { timeout: 60_000 }, async () => {
    const line = new RegExp(`^npx cloud-interfaces verify ${serviceId} (--base-url http://127\\.0\\.0\\.1:(?:[^\\n]*\\\\\\n)*[^\\n]*)`, "m").exec(text)?.[1];
    expect(line, `README.md shows no "npx cloud-interfaces verify ${serviceId}" command against its emulator`).toBeDefined();
    expect(new RegExp(`^npx cloud-interfaces mock ${serviceId} --stateful --port \\d+ --ready-file \\S+ &$`, "m").test(text)).toBe(true);
    const argv = [serviceId, ...words(line!.replace(/\\\n/g, " "))];
    const { values } = parseCommand(verifyCommand, argv);
    expect(values["base-url"]).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    for (const pair of (values["credentials-env"] ?? []) as string[]) {
      const name = pair.slice(pair.indexOf("=") + 1);
      expect(variables[name], `README.md exports no ${name}`).toBeDefined();
      process.env[name] = variables[name];
    }
    const mock = await startMock(serviceId as ServiceId, { stateful: true, port: 0 });
    try {
      // A second run against the same emulator passes too: the run deletes what it created, not the
      // example's objects, and exchanges authorization codes it obtained itself, not the single-use examples.
      for (const run of ["first", "second"]) {
        let out = "";
        const code = await runVerify(serviceId, { ...values, "base-url": mock.url, rate: 1e6 }, { stdout: (s) => (out += s), stderr: (s) => (out += s) });
        expect([run, code, out.split("\n").filter((l) => /✗|\?|NOT|FAIL/.test(l)).slice(0, 12)]).toEqual([run, 0, []]);
      }
    } finally {
      await mock.close();
    }
  });
});

describe("the README's verify block as a script", () => {
  it("starts each emulator, waits for it, verifies it (every service: PASS), and stops the six", { timeout: 300_000 }, () => {
    const block = /<!-- readme:verify-every-service[^>]*-->\s*```sh\n([\s\S]*?)```/.exec(text)?.[1];
    expect(block, "README.md: the verify block (readme:verify-every-service) is missing").toBeDefined();
    const project = mkdtempSync(join(tmpdir(), "readme-verify-"));
    try {
      // `npx cloud-interfaces` finds the package's bin in the project, as after `npm install`.
      mkdirSync(join(project, "node_modules", ".bin"), { recursive: true });
      symlinkSync(ROOT, join(project, "node_modules", "cloud-interfaces"));
      symlinkSync(join(ROOT, "dist", "lib", "runtime", "cli", "main.js"), join(project, "node_modules", ".bin", "cloud-interfaces"));
      const run = spawnSync("bash", ["-c", block!], { cwd: project, encoding: "utf8", timeout: 280_000, env: { ...process.env, PATH: `${join(project, "node_modules", ".bin")}:${process.env.PATH}` } });
      const output = run.stdout + run.stderr;
      expect(run.status, output).toBe(0);
      for (const id of SERVICE_IDS) expect(output, output).toMatch(new RegExp(`^${id} at http://127\\.0\\.0\\.1:\\d+: PASS$`, "m"));
      expect(output).not.toMatch(/FAIL|ECONNREFUSED|no emulator wrote/);
      // Bounded by count: the emulators remove their ready files as they stop.
      for (let i = 0; i < 100 && readdirSync(project).some((f) => f.endsWith(".url")); i++) spawnSync("sleep", ["0.1"]);
      expect(readdirSync(project).filter((f) => f.endsWith(".url"))).toEqual([]);
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  });
});
