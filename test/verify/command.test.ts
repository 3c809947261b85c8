/** `verify` and `proxy` in the shared option set: repeatable pairs, positive numbers, the mock's --strict. */
import { describe, expect, it } from "vitest";
import { COMMANDS } from "../../runtime/cli/commands.js";
import { parseCommand, UsageError } from "../../runtime/http/options.js";
import { verifyOptionsOf } from "../../runtime/verify/cli.js";

const verify = COMMANDS.find((c) => c.name === "verify")!;
const proxy = COMMANDS.find((c) => c.name === "proxy")!;

describe("verify and proxy options", () => {
  it("reads repeatable --credentials-env and --bind, numbers and defaults", () => {
    const { values, operands } = parseCommand(verify, ["kms-v2", "--base-url", "http://h", "--credentials-env", "bearerAuth=T", "--bind", "svc-instance=1", "--bind", "X-Kms-Key-Ring=r", "--rate", "2.5", "--only", "listKeys, getKeyTotal"]);
    expect(operands).toEqual(["kms-v2"]);
    expect(values).toMatchObject({ "credentials-env": ["bearerAuth=T"], bind: ["svc-instance=1", "X-Kms-Key-Ring=r"], rate: 2.5, deadline: 300, report: "text" });
    expect(verifyOptionsOf(values)).toMatchObject({ credentialsEnv: { bearerAuth: "T" }, bind: { "svc-instance": "1", "X-Kms-Key-Ring": "r" }, only: ["listKeys", "getKeyTotal"], rate: 2.5, deadlineMs: 300_000, allowWrites: false });
  });

  it("refuses bad values naming the option", () => {
    expect(() => parseCommand(verify, ["kms-v2", "--rate", "0"])).toThrow(new UsageError('--rate: must be a positive number, got "0"'));
    expect(() => parseCommand(verify, ["kms-v2", "--deadline", "soon"])).toThrow(/--deadline: must be a positive number/);
    expect(() => parseCommand(verify, ["kms-v2", "--strict"])).toThrow(/Unknown option '--strict'/);
    const { values } = parseCommand(verify, ["kms-v2", "--bind", "novalue"]);
    expect(() => verifyOptionsOf({ ...values, "base-url": "http://h" })).toThrow(/--bind "novalue": must be name=value/);
    expect(() => verifyOptionsOf({ ...values, "base-url": "http://h", bind: [], report: "html" })).toThrow(/--report: must be text, json or junit/);
    expect(() => verifyOptionsOf({})).toThrow(/--base-url is required/);
  });

  it("gives the proxy the mock's --strict and a port", () => {
    expect(parseCommand(proxy, ["kms-v2", "--target", "http://h", "--strict"]).values).toMatchObject({ target: "http://h", strict: true, port: 4020 });
  });
});
