/**
 * The `cloud-interfaces` command and its one option set (runtime/cli/options.ts): every
 * command's arguments, `--help` generated and aligned, `--version`, and `mock --stateful`
 * as a process a team in any language can run.
 */
import { readFileSync } from "node:fs";
import { cli } from "./run-cli.js";
import { afterEach, describe, expect, it, vi } from "vitest";
import { COMMANDS, usage } from "../../runtime/cli/commands.js";
import { OPTIONS, checkOption, parseCommand, type OptionName } from "../../runtime/cli/options.js";
import { startMock, type ServiceId } from "cloud-interfaces/mock";
import { readServices } from "../../scripts/lib/services.js";

/** Any service: the options are the same for all (the first the registry lists). */
const ID = readServices()[0]!.id as ServiceId;
const VERSION = (JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string }).version;


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
    [["mock", ID, "--bogus"], /mock: Unknown option '--bogus'/],
    [["mock", ID, "--port", "x"], /--port: must be an integer, got "x"/],
    [["mock", ID, "--port", "70000"], /--port: must be an integer 0-65535, got 70000/],
    [["mock"], /mock: missing <service-id>/],
    [["mock", ID, "extra"], /unexpected argument\(s\): extra/],
    [["mock", "nope"], new RegExp(`no service "nope"; service ids: ${readServices().map((s) => s.id).join(", ")}`)],
    [["mock", ID, "--faults", "2"], /--faults: must be a number from 0 to 1, got "2"/],
    [["mock", ID, "--latency", "400-100"], /--latency: must be milliseconds \(250\) or a range \(100-400\), at most 60000, got "400-100"/],
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
    expect(parseCommand(mock, [ID, "--stateful", "--seed", "7", "--strict"])).toEqual({
      values: { port: 4010, host: "127.0.0.1", stateful: true, seed: 7, strict: true, cors: true },
      operands: [ID],
    });
  });

  it("startMock checks its options by the same rules as the CLI", async () => {
    await expect(startMock(ID, { port: 70000 })).rejects.toThrow("--port: must be an integer 0-65535, got 70000");
    await expect(startMock(ID, { latency: "fast" })).rejects.toThrow('--latency: must be milliseconds (250) or a range (100-400), at most 60000, got "fast"');
    await expect(startMock(ID, { faults: -0.5 })).rejects.toThrow("--faults: must be a number from 0 to 1, got -0.5");
    expect(() => checkOption("strict" satisfies OptionName, "yes")).toThrow('--strict: must be true or false, got "yes"');
  });
});
