/**
 * `--input-env INPUT=VAR` (`inputsEnv`): a workflow input the user gives from the environment
 * (a user's password, a name) wins over the workflow's default, reaches the request, and is kept
 * out of the report; an input no workflow declares is a usage error. Over the synthetic resource
 * document, whose generated workflow takes the thing's unique `name` as an input.
 */
import { describe, expect, it } from "vitest";
import { VerifyUsageError } from "cloud-interfaces/verify";
import { verifyOptionsOf } from "../../runtime/verify/cli.js";
import { verifyFixture, type Handler } from "./fixture-run.js";

const GIVEN = "given-by-the-user-42";

describe("verify --input-env", () => {
  it("sends the given input in place of the default, and keeps it out of the report", async () => {
    const bodies: string[] = [];
    const recording = (next: Handler): Handler => async (r) => {
      if (r.method === "POST") bodies.push(await r.clone().text());
      return next(r);
    };
    const report = await verifyFixture(recording, undefined, { inputsEnv: { thing_name: "THING_NAME" }, env: { THING_NAME: GIVEN } });
    expect(report.exitCode).toBe(0);
    expect(bodies.some((b) => b.includes(`"name":"${GIVEN}"`))).toBe(true);
    expect(JSON.stringify(report)).not.toContain(GIVEN);
  });

  it("refuses an input no workflow of the document declares, naming the ones it has", async () => {
    await expect(verifyFixture(undefined, undefined, { inputsEnv: { no_such_input: "X" }, env: { X: "1" } })).rejects.toThrow(VerifyUsageError);
    await expect(verifyFixture(undefined, undefined, { inputsEnv: { no_such_input: "X" }, env: { X: "1" } })).rejects.toThrow(/--input-env no_such_input: not an input of the document's workflows \(inputs: thing_name\)/);
  });

  it("refuses an input whose variable is not set", async () => {
    await expect(verifyFixture(undefined, undefined, { inputsEnv: { thing_name: "UNSET_VAR" }, env: {} })).rejects.toThrow(/the environment variable UNSET_VAR is not set/);
  });

  it("is the command's --input-env", () => {
    expect(verifyOptionsOf({ "base-url": "http://s.test", "input-env": ["user_password=IDP_PASSWORD"] })).toMatchObject({ inputsEnv: { user_password: "IDP_PASSWORD" } });
  });
});
