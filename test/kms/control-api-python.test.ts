/**
 * Issue 46's proof from another language: test/kms/control_api.py (Python, standard library only)
 * starts `cloud-interfaces mock kms-v2 --stateful` and drives every control operation: create, the
 * request record, 500 generated keys paged through, state out, reset, state in, a malformed state
 * refused whole, the clock in a created key's creationDate, and a restart with --state-file.
 * Under CI=true a missing python3 fails the test; elsewhere it is reported as skipped.
 */
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";

const python = spawnSync("python3", ["--version"], { encoding: "utf8" });
const hasPython = python.status === 0;
const requirePython = process.env.CI === "true";

describe("the control API from Python (kms-v2)", () => {
  it("python3 is there under CI", () => {
    if (requirePython) expect(hasPython, "python3 is required under CI=true").toBe(true);
  });

  it.skipIf(!hasPython && !requirePython)("drives mock kms-v2 --stateful through every control operation", () => {
    const command = JSON.stringify([process.execPath, "--import", "tsx", "runtime/cli/main.ts"]);
    const run = spawnSync("python3", ["test/kms/control_api.py", command], { encoding: "utf8", timeout: 120_000 });
    const output = `${run.stdout}${run.stderr}`;
    if (process.env.SHOW_PYTHON_OUTPUT) console.log(output);
    expect(run.status, output).toBe(0);
    expect(run.stdout).toMatch(/^19 checks passed$/m);
    expect(run.stdout).not.toMatch(/^not ok/m);
  });
});
