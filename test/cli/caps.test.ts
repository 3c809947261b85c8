/**
 * Issue 43: `--caps NAME=N` is the CLI form of the emulator's `caps` option (startMock,
 * createEmulator): the same rule (a cap the emulator declares, a whole number of 0 or more), a
 * usage error (exit 2) on the command line where the API throws an InputError. Generic: the
 * engine's own caps (`partitions`) every stateful service declares; a family's own caps are
 * tested in its folder.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { cli } from "./run-cli.js";
import { COMMANDS } from "../../runtime/cli/commands.js";
import { parseCommand } from "../../runtime/cli/options.js";
import { capsOption } from "../../runtime/cli/mock.js";
import { startMock, type ServiceId } from "../../runtime/mock/index.js";
import { InputError } from "../../runtime/core/errors.js";
import { readServices } from "../../scripts/lib/services.js";

const ID = readServices()[0]!.id as ServiceId;


afterEach(() => vi.restoreAllMocks());

describe("--caps", () => {
  it("mock takes it, repeatable, as the API's caps object", () => {
    const mock = COMMANDS.find((c) => c.name === "mock")!;
    const { values } = parseCommand(mock, [ID, "--stateful", "--caps", "partitions=3", "--caps", "recordBytes=1000"]);
    expect(capsOption(values.caps)).toEqual({ partitions: 3, recordBytes: 1000 });
    expect(capsOption(undefined)).toBeUndefined();
  });

  it.each([["partitions"], ["partitions="], ["=3"], ["partitions=-1"], ["partitions=1.5"], ["partitions=NaN"], ["partitions=1e3"]])("refuses --caps %s with the rule (exit 2)", async (value) => {
    const { code, stderr } = await cli("mock", ID, "--stateful", "--port", "0", "--caps", value);
    expect(code).toBe(2);
    expect(stderr).toContain(`--caps: must be NAME=N, N a whole number of 0 or more, got ${JSON.stringify(value)}`);
  });

  it("refuses a cap the emulator does not declare, naming those it does (exit 2)", async () => {
    const { code, stderr } = await cli("mock", ID, "--stateful", "--port", "0", "--caps", "partitionz=3");
    expect(code).toBe(2);
    expect(stderr).toMatch(/--caps partitionz: a cap this emulator declares \(.*partitions.*\)/);
  });

  it("refuses a cap named twice, and caps without --stateful (exit 2)", async () => {
    expect((await cli("mock", ID, "--stateful", "--port", "0", "--caps", "partitions=3", "--caps", "partitions=4")).stderr).toContain("--caps: partitions is given twice");
    const { code, stderr } = await cli("mock", ID, "--port", "0", "--caps", "partitions=3");
    expect(code).toBe(2);
    expect(stderr).toContain("--caps: only the stateful emulator has caps (add --stateful)");
  });

  it("startMock takes caps for the emulator and refuses them on the Prism mock", async () => {
    await expect(startMock(ID, { stateful: true, port: 0, caps: { partitionz: 3 } })).rejects.toThrow(InputError);
    await expect(startMock(ID, { port: 0, caps: { partitions: 3 } })).rejects.toThrow(/caps: only a stateful mock has caps/);
    const mock = await startMock(ID, { stateful: true, port: 0, caps: { partitions: 0 } });
    await mock.close();
  });
});
