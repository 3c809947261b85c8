/**
 * The whole project type-checks under strict settings (the generated clients, the runtime, the
 * helpers, the scripts and the tests, with the @ts-expect-error lines in each family's test/<family>/types-*.ts that must
 * stay errors), and so does every TypeScript code sample the reference site shows (client call,
 * mock call and the landing page's lines), imported as users import them.
 *
 * One TypeScript program for both, checked by the native compiler (`tsgo`,
 * @typescript/native-preview, TypeScript 7), which `npm run typecheck` runs too: tsc 5.9 took
 * about 20 s of CPU for the project alone and as much again for the samples in a second program.
 * TypeScript 5.9 stays the project's `typescript` for openapi-typescript, which needs its JS API.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { DIST_DIR, ROOT } from "../scripts/lib/paths.js";
import { landingExample, SAMPLE_LABELS } from "../scripts/lib/site/code-samples.js";
import { runChild, type ChildResult } from "./harness/child.js";
import { bundledDocument } from "./harness/documents.js";
import { sampleServices, samplesOf, sampleSource } from "./harness/site-samples.js";

const DIR = join(DIST_DIR, "typecheck");
const SAMPLES = join(DIR, "samples");
/** A sample that must fail: proves the samples are in the program, not beside it. */
const CANARY = "canary.ts";

let result: ChildResult;
let sampleFiles = 0;

/** Diagnostics by file (paths relative to the root), continuation lines kept with their error. */
function diagnostics(output: string): Map<string, string[]> {
  const byFile = new Map<string, string[]>();
  let current: string[] | undefined;
  for (const line of output.split("\n")) {
    const head = /^(.+?)\(\d+,\d+\): error TS\d+/.exec(line);
    if (head) {
      const file = head[1]!;
      if (!byFile.has(file)) byFile.set(file, []);
      current = byFile.get(file)!;
      current.push(line);
    } else if (current && line.trim() !== "") current.push(line);
  }
  return byFile;
}

beforeAll(async () => {
  rmSync(DIR, { recursive: true, force: true });
  mkdirSync(SAMPLES, { recursive: true });
  for (const { id } of sampleServices()) {
    writeFileSync(join(SAMPLES, `${id}.landing.ts`), `${landingExample(id, bundledDocument(id))}\nexport {};\n`);
    sampleFiles++;
    for (const op of samplesOf(id)) {
      for (const label of [SAMPLE_LABELS.typescript, SAMPLE_LABELS.mock]) {
        writeFileSync(join(SAMPLES, `${id}.${op.operationId}.${label.toLowerCase()}.ts`), sampleSource(op.samples, label)!);
        sampleFiles++;
      }
    }
  }
  writeFileSync(join(SAMPLES, CANARY), 'export const wrong: number = "not a number";\n');
  // The root tsconfig's own file set plus the samples. The samples sit inside the package, so
  // `cloud-interfaces/<id>` resolves through the package's exports map (self-reference).
  const root = JSON.parse(readFileSync(join(ROOT, "tsconfig.json"), "utf8")) as { include: string[]; exclude: string[] };
  const up = (p: string) => relative(DIR, join(ROOT, p));
  writeFileSync(
    join(DIR, "tsconfig.json"),
    JSON.stringify({ extends: up("tsconfig.json"), include: [...root.include.map(up), "./samples/*.ts"], exclude: root.exclude.map(up) }, null, 2),
  );
  const tsgo = join(ROOT, "node_modules", ".bin", "tsgo");
  result = await runChild(tsgo, ["--noEmit", "--pretty", "false", "-p", DIR], { cwd: ROOT, what: "tsgo over the project and the site's code samples", timeoutMs: 150_000 });
}, 180_000);

describe("one TypeScript program", () => {
  it("the project type-checks: no error outside the samples", () => {
    const samples = relative(ROOT, SAMPLES);
    const outside = [...diagnostics(result.stdout)].filter(([file]) => !file.startsWith(samples)).flatMap(([, lines]) => lines);
    expect(outside.join("\n")).toBe("");
    expect(result.stderr).toBe("");
  });

  it("every TypeScript sample of the site type-checks against the package types, imported as users import them", () => {
    const samples = relative(ROOT, SAMPLES);
    const reported = [...diagnostics(result.stdout)].filter(([file]) => file.startsWith(samples));
    // Only the planted canary is an error, and it is reported: the samples are checked.
    expect(reported.map(([file]) => relative(samples, file))).toEqual([CANARY]);
    expect(reported[0]![1].join("\n")).toContain("error TS2322: Type 'string' is not assignable to type 'number'.");
    expect(result.code).not.toBe(0);
    expect(sampleFiles).toBeGreaterThan(sampleServices().length * 2);
  });
});
