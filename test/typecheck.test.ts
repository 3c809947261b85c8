/**
 * The whole project type-checks under strict settings: the generated clients, the runtime,
 * the helpers, and the type tests (files with @ts-expect-error lines that must stay errors).
 */
import { execFile } from "node:child_process";
import { createRequire } from "node:module";
import { promisify } from "node:util";
import { expect, it } from "vitest";
import { ROOT } from "../scripts/lib/paths.js";

const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");

it("tsc --noEmit reports no errors", async () => {
  const result = await promisify(execFile)(process.execPath, [tsc, "--noEmit", "-p", ROOT], { cwd: ROOT }).then(
    () => "",
    (error: { stdout?: string }) => error.stdout ?? String(error),
  );
  expect(result).toBe("");
}, 120_000);
