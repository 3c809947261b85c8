/**
 * Issue 43: `--record-limit N` is the CLI form of `recordLimit` (the same rule: a whole number
 * from 0 to 100,000) on `mock` and `proxy`; anything else is a usage error (exit 2).
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { cli } from "./run-cli.js";
import { COMMANDS } from "../../runtime/cli/commands.js";
import { checkOption, parseCommand } from "../../runtime/cli/options.js";
import { MAX_RECORD_LIMIT } from "../../runtime/controls/bounded-record.js";
import { readServices } from "../../scripts/lib/services.js";

const ID = readServices()[0]!.id;


afterEach(() => vi.restoreAllMocks());

describe("--record-limit", () => {
  it.each([["mock"], ["proxy"]])("%s takes it as a whole number", (name) => {
    const command = COMMANDS.find((c) => c.name === name)!;
    expect(parseCommand(command, [ID, "--record-limit", "250"]).values["record-limit"]).toBe(250);
    expect(parseCommand(command, [ID, "--record-limit", "0"]).values["record-limit"]).toBe(0);
    expect(parseCommand(command, [ID, "--record-limit", String(MAX_RECORD_LIMIT)]).values["record-limit"]).toBe(MAX_RECORD_LIMIT);
  });

  it.each([["-1"], ["1.5"], ["NaN"], ["many"], [String(MAX_RECORD_LIMIT + 1)], ["1e9"]])("mock and proxy refuse --record-limit %s with a usage error (exit 2)", async (value) => {
    for (const command of ["mock", "proxy"]) {
      const { code, stderr } = await cli(command, ID, "--record-limit", value);
      expect(code).toBe(2);
      expect(stderr).toContain(`--record-limit: must be a whole number from 0 to 100000, got ${JSON.stringify(value)}`);
    }
    expect(() => checkOption("record-limit", value)).toThrow(/UsageError|must be a whole number/);
  });
});
