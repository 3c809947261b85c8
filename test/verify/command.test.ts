/** `verify` and `proxy` in the shared option set: repeatable pairs, positive numbers, the mock's --strict. */
import { describe, expect, it } from "vitest";
import { COMMANDS } from "../../runtime/cli/commands.js";
import { parseCommand, UsageError } from "../../runtime/cli/options.js";
import { verifyOptionsOf } from "../../runtime/verify/cli.js";
import { readServices } from "../../scripts/lib/services.js";

const verify = COMMANDS.find((c) => c.name === "verify")!;
const proxy = COMMANDS.find((c) => c.name === "proxy")!;
/** Any service: parsing does not depend on which (the first the registry lists). */
const ID = readServices()[0]!.id;

describe("verify and proxy options", () => {
  it("reads repeatable --credentials-env and --bind, numbers and defaults", () => {
    const { values, operands } = parseCommand(verify, [ID, "--base-url", "http://h", "--credentials-env", "bearerAuth=T", "--bind", "svc-instance=1", "--bind", "X-Kms-Key-Ring=r", "--rate", "2.5", "--only", "listKeys, getKeyTotal"]);
    expect(operands).toEqual([ID]);
    expect(values).toMatchObject({ "credentials-env": ["bearerAuth=T"], bind: ["svc-instance=1", "X-Kms-Key-Ring=r"], rate: 2.5, deadline: 300, report: "text" });
    expect(verifyOptionsOf(values)).toMatchObject({ credentialsEnv: { bearerAuth: "T" }, bind: { "svc-instance": "1", "X-Kms-Key-Ring": "r" }, only: ["listKeys", "getKeyTotal"], rate: 2.5, deadlineMs: 300_000, allowWrites: false });
  });

  it("refuses bad values naming the option", () => {
    expect(() => parseCommand(verify, [ID, "--rate", "0"])).toThrow(new UsageError('--rate: must be a positive number, got "0"'));
    expect(() => parseCommand(verify, [ID, "--deadline", "soon"])).toThrow(/--deadline: must be a positive number/);
    expect(() => parseCommand(verify, [ID, "--strict"])).toThrow(/Unknown option '--strict'/);
    const { values } = parseCommand(verify, [ID, "--bind", "novalue"]);
    expect(() => verifyOptionsOf({ ...values, "base-url": "http://h" })).toThrow(/--bind "novalue": must be name=value/);
    expect(() => verifyOptionsOf({ ...values, "base-url": "http://h", bind: [], report: "html" })).toThrow(/--report: must be text, json or junit/);
    expect(() => verifyOptionsOf({})).toThrow(/--base-url is required/);
  });

  it("gives the proxy the mock's --strict and a port", () => {
    expect(parseCommand(proxy, [ID, "--target", "http://h", "--strict"]).values).toMatchObject({ target: "http://h", strict: true, port: 4020 });
  });
});

describe("verify's messages", () => {
  it("names an unknown service first, with one prefix, before any other usage error", async () => {
    const { runVerify } = await import("../../runtime/verify/cli.js");
    let err = "";
    const code = await runVerify("no-such-service-v9", {}, { stderr: (s) => (err += s), stdout: () => undefined });
    expect(code).toBe(2);
    expect(err).toMatch(/^verify: unknown service "no-such-service-v9"; service ids: /);
    expect(err).not.toMatch(/verify: verify:|--base-url is required/);
  });

  it("a run without credentials against a server that refuses them is not cut short as 'credentials rejected'", async () => {
    const { resourceDocument } = await import("../emulator/fixtures/resource-document.js");
    const { verifyFixture } = await import("./fixture-run.js");
    const doc = resourceDocument();
    // Credentials optional on the list (as identity's introspect: Basic or none), always refused by this server.
    doc.components.securitySchemes = { basicAuth: { type: "http", scheme: "basic" } };
    doc.paths["/things"].get.security = [{ basicAuth: [] }, {}];
    doc.paths["/things"].get.responses["401"] = { description: "Unauthorized", content: { "application/json": { schema: { $ref: "#/components/schemas/Error" }, examples: { no: { value: { message: "no" } } } } } };
    const report = await verifyFixture((next) => async (r) => (r.method === "GET" ? new Response(JSON.stringify({ message: "no" }), { status: 401, headers: { "content-type": "application/json" } }) : next(r)), doc);
    expect(report.incomplete).toBeUndefined();
    expect(JSON.stringify(report)).not.toContain("check the secret of ");
  });
});
