/**
 * The `cloud-interfaces` command and its one option set (runtime/http/options.ts): every
 * command's arguments, `--help` generated and aligned, `--version`, and `mock --stateful`
 * as a process a team in any language can run.
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it, vi } from "vitest";
import { COMMANDS, runCli, usage } from "../../runtime/cli/commands.js";
import { OPTIONS, checkOption, parseCommand, type OptionName } from "../../runtime/http/options.js";
import { startMock } from "cloud-interfaces/mock";

const VERSION = (JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string }).version;

async function cli(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const log = vi.spyOn(console, "log").mockImplementation((...a) => void out.push(a.join(" ")));
  const error = vi.spyOn(console, "error").mockImplementation((...a) => void err.push(a.join(" ")));
  try {
    const code = await runCli(argv);
    return { code, stdout: out.join("\n"), stderr: err.join("\n") };
  } finally {
    log.mockRestore();
    error.mockRestore();
  }
}

afterEach(() => vi.restoreAllMocks());

describe("--version and --help", () => {
  it("--version (and -v) prints the package version and exits 0", async () => {
    for (const flag of ["--version", "-v"]) expect(await cli(flag)).toEqual({ code: 0, stdout: VERSION, stderr: "" });
  });

  it("--help lists every command and every option it takes, descriptions in one aligned column", async () => {
    const { code, stdout } = await cli("--help");
    expect(code).toBe(0);
    for (const command of COMMANDS) {
      expect(stdout).toContain(`cloud-interfaces ${command.name}`);
      for (const name of Object.keys(command.options)) expect(stdout).toContain(`--${name}`);
    }
    const optionLines = stdout.slice(stdout.indexOf("options:")).split("\n").filter((l) => /^ {2}-/.test(l));
    expect(optionLines.length).toBeGreaterThanOrEqual(Object.keys(OPTIONS).length - 1);
    const columns = new Set(optionLines.map((l) => l.search(/ {3}\S/) + 3));
    expect(columns.size).toBe(1);
    const commandLines = stdout.slice(stdout.indexOf("commands:"), stdout.indexOf("options:")).split("\n").filter((l) => l.startsWith("  "));
    expect(new Set(commandLines.map((l) => l.search(/ {3}\S/) + 3)).size).toBe(1);
    expect((await cli("mock", "--help")).stdout).toBe(usage());
  });
});

describe("usage errors: one sentence naming the option and the rule, exit 2", () => {
  it.each([
    [["mock", "kms-v2", "--bogus"], /mock: Unknown option '--bogus'/],
    [["mock", "kms-v2", "--port", "x"], /--port: must be an integer, got "x"/],
    [["mock", "kms-v2", "--port", "70000"], /--port: must be an integer 0-65535, got 70000/],
    [["mock"], /mock: missing <service-id>/],
    [["mock", "kms-v2", "extra"], /unexpected argument\(s\): extra/],
    [["mock", "nope"], /no service "nope"; service ids: .*kms-v2/],
    [["mock", "kms-v2", "--faults", "2"], /--faults: must be a number from 0 to 1, got "2"/],
    [["mock", "kms-v2", "--latency", "400-100"], /--latency: must be milliseconds \(250\) or a range \(100-400\), at most 60000, got "400-100"/],
    [["docs", "--stateful"], /docs: Unknown option '--stateful'/],
    [["frobnicate"], /unknown command "frobnicate"; commands: mock, docs, verify, proxy/],
    [[], /a command is required/],
  ])("%j", async (argv, message) => {
    const { code, stderr, stdout } = await cli(...argv);
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toMatch(message);
    expect(stderr).toContain("cloud-interfaces --help");
  });
});

describe("the option set", () => {
  it("parses a command's options with its defaults, and only its options", () => {
    const mock = COMMANDS.find((c) => c.name === "mock")!;
    expect(parseCommand(mock, ["kms-v2", "--stateful", "--seed", "7", "--strict"])).toEqual({
      values: { port: 4010, host: "127.0.0.1", stateful: true, seed: 7, strict: true, cors: true },
      operands: ["kms-v2"],
    });
  });

  it("startMock checks its options by the same rules as the CLI", async () => {
    await expect(startMock("kms-v2", { port: 70000 })).rejects.toThrow("--port: must be an integer 0-65535, got 70000");
    await expect(startMock("kms-v2", { latency: "fast" })).rejects.toThrow('--latency: must be milliseconds (250) or a range (100-400), at most 60000, got "fast"');
    await expect(startMock("kms-v2", { faults: -0.5 })).rejects.toThrow("--faults: must be a number from 0 to 1, got -0.5");
    expect(() => checkOption("strict" satisfies OptionName, "yes")).toThrow('--strict: must be true or false, got "yes"');
  });
});

describe("cloud-interfaces mock <id> --stateful, as a process", () => {
  it("serves the emulator: a key created through it is in the next list", async () => {
    const child = spawn(process.execPath, ["--import", "tsx", "runtime/cli/main.ts", "mock", "kms-v2", "--stateful", "--port", "0"], { stdio: ["ignore", "pipe", "pipe"] });
    let stderr = "";
    child.stderr!.on("data", (d) => (stderr += d));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = "";
        child.stdout!.on("data", (d) => {
          out += d;
          const m = /kms-v2 stateful emulator listening on (http:\/\/\S+)/.exec(out);
          if (m) resolve(m[1]!);
        });
        child.once("exit", (code) => reject(new Error(`exited ${code}: ${stderr}`)));
      });
      const KEY = "application/vnd.svc.kms.key+json";
      const headers = { authorization: "Bearer t", "svc-instance": "0c7d3a52-8f41-4b6e-9d2a-1e5f6a7b8c9d" };
      const created = await fetch(`${url}/api/v2/keys`, {
        method: "POST",
        headers: { ...headers, "content-type": KEY },
        body: JSON.stringify({ metadata: { collectionType: KEY, collectionTotal: 1 }, resources: [{ type: KEY, name: "from-the-cli" }] }),
      });
      expect(created.status).toBe(201);
      const listed = (await (await fetch(`${url}/api/v2/keys`, { headers })).json()) as { resources: { name: string }[] };
      expect(listed.resources.map((k) => k.name)).toContain("from-the-cli");
    } finally {
      child.kill("SIGTERM");
    }
    expect(await new Promise((resolve) => child.once("exit", (code) => resolve(code)))).toBe(0);
  });
});
