/**
 * Issue 27, findings 2 and 3: document inputs are trusted only from openapi/. A battery of
 * hostile documents goes through a scratch build of the widget document: each must fail with a
 * finding naming file, pointer and rule, leave generated/ and dist/ as they were, never put
 * outside content into an output, and never fetch. The breaking-change gate's bundler and the
 * linter refuse the same inputs.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bundleDocument } from "../../scripts/lib/bundle.js";
import { runBuild } from "../../scripts/lib/build-run.js";
import { MAX_COLLECTION_ENTRIES, MAX_SOURCE_BYTES } from "../../scripts/lib/input-guard.js";
import { lintSource } from "../../scripts/lib/lint.js";
import { layoutFor, OPENAPI_DIR } from "../../scripts/lib/paths.js";
import { readServices } from "../../scripts/lib/services.js";
import { snapshotOutputs } from "../harness/build-outputs.js";

const ID = "widget";
const MARKER = "OUTSIDE-SECRET-7f3a";
let root: string;
let layout: ReturnType<typeof layoutFor>;
let server: Server;
let remoteUrl: string;
let fetched = 0;
const lines: string[] = [];
const service = () => readServices().find((s) => s.id === ID)!;
const doc = () => join(layout.openapiDir, "widget.yaml");
const fragment = () => join(layout.openapiDir, "widget/schemas/WidgetUrlFailure.yaml");
const FRAGMENT_REF = "$ref: ./widget/schemas/WidgetUrlFailure.yaml";

const snapshot = () => snapshotOutputs(root, layout);

function replaceIn(file: string, from: string, to: string): () => void {
  const original = readFileSync(file, "utf8");
  if (!original.includes(from)) throw new Error(`${from} not in ${file}`);
  writeFileSync(file, original.replace(from, to));
  return () => writeFileSync(file, original);
}

function overwrite(file: string, text: string): () => void {
  const original = readFileSync(file, "utf8");
  writeFileSync(file, text);
  return () => writeFileSync(file, original);
}

/** `npm run fuzz:mock` adds the large cases (MOCK_FUZZ_RUNS set, as the mock's battery reads it). */
const LONG = process.env.MOCK_FUZZ_RUNS !== undefined;

/** A schema of `count` properties, padded with a description to `bytes` bytes when given. */
function wideSchema(count: number, bytes?: number): string {
  const head = "type: object\nproperties:\n";
  const props = Array.from({ length: count }, (_, i) => `  p${i}: {}\n`).join("");
  const text = head + props;
  if (bytes === undefined) return text;
  const pad = bytes - Buffer.byteLength(text) - "description: \n".length;
  if (pad < 0) throw new Error(`${count} properties take more than ${bytes} bytes`);
  return `description: ${"x".repeat(pad)}\n${text}`;
}

/** ~500 bytes whose aliases expand to 10^levels nodes in a parser without an alias limit. */
function aliasBomb(levels: number): string {
  const out = ["type: object", "x-bomb:", "  a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]"];
  for (let i = 1; i <= levels; i++) out.push(`  a${i}: &a${i} [${Array.from({ length: 10 }, () => `*a${i - 1}`).join(", ")}]`);
  return `${out.join("\n")}\n`;
}

interface Case {
  name: string;
  apply: () => () => void;
  rule: string;
  file: () => string;
  pointer: string;
}

const cases: Case[] = [
  { name: "a relative $ref escaping openapi/", apply: () => replaceIn(doc(), FRAGMENT_REF, "$ref: ../outside-secret.json"), rule: "input-ref-outside-openapi", file: doc, pointer: "#/components/schemas/WidgetUrlFailure/$ref" },
  { name: "an absolute-path $ref", apply: () => replaceIn(doc(), FRAGMENT_REF, `$ref: ${join(root, "outside-secret.json")}`), rule: "input-ref-outside-openapi", file: doc, pointer: "#/components/schemas/WidgetUrlFailure/$ref" },
  { name: "a URL $ref (never fetched)", apply: () => replaceIn(doc(), FRAGMENT_REF, `$ref: ${remoteUrl}`), rule: "input-ref-url", file: doc, pointer: "#/components/schemas/WidgetUrlFailure/$ref" },
  { name: "a file: URL $ref", apply: () => replaceIn(doc(), FRAGMENT_REF, `$ref: file://${join(root, "outside-secret.json")}`), rule: "input-ref-url", file: doc, pointer: "#/components/schemas/WidgetUrlFailure/$ref" },
  { name: "an escaping $ref inside a fragment", apply: () => overwrite(fragment(), "type: object\nproperties:\n  leak:\n    $ref: ../../../outside-secret.json\n"), rule: "input-ref-outside-openapi", file: fragment, pointer: "#/properties/leak/$ref" },
  {
    name: "a symlink inside openapi/ pointing outside",
    apply: () => {
      const link = join(layout.openapiDir, "widget/schemas/link.json");
      symlinkSync(join(root, "outside-secret.json"), link);
      const undo = replaceIn(doc(), FRAGMENT_REF, "$ref: ./widget/schemas/link.json");
      return () => (undo(), rmSync(link));
    },
    rule: "input-ref-outside-openapi",
    file: doc,
    pointer: "#/components/schemas/WidgetUrlFailure/$ref",
  },
  { name: "a YAML alias bomb (9 levels)", apply: () => overwrite(fragment(), aliasBomb(9)), rule: "input-yaml-aliases", file: fragment, pointer: "#" },
  { name: "a file over the size limit", apply: () => overwrite(fragment(), `type: object\ndescription: "${"x".repeat(MAX_SOURCE_BYTES)}"\n`), rule: "input-file-too-large", file: fragment, pointer: "#" },
  { name: "duplicate keys", apply: () => overwrite(fragment(), "type: object\ntype: string\n"), rule: "input-yaml-invalid", file: fragment, pointer: "#" },
  // Issue 38: Redocly's js-yaml throws on a mapping key that is not a scalar (it crashed the build
  // with its parser's stack), and merges `<<` keys that YAML 1.2, the guard's parser, does not.
  {
    name: "a complex mapping key merged with <<",
    apply: () => replaceIn(doc(), "\ninfo:\n", "\nx-complex:\n  ? &a {x-one: 1}\n  : 1\n  <<: *a\ninfo:\n"),
    rule: "input-yaml-complex-key",
    file: doc,
    pointer: "#/x-complex",
  },
  // Issue 38: one schema of many properties kept the build busy for minutes (the guard's own
  // duplicate-key check compared every key with every other; the lint tools' example validation
  // grows faster than the properties too): past the entry cap it is a finding.
  { name: `a mapping of ${MAX_COLLECTION_ENTRIES + 1} entries`, apply: () => overwrite(fragment(), wideSchema(MAX_COLLECTION_ENTRIES + 1)), rule: "input-yaml-too-many-entries", file: fragment, pointer: "#/properties" },
  ...(LONG
    ? [{ name: "a 999,990-byte schema of 45,000 properties", apply: () => overwrite(fragment(), wideSchema(45_000, 999_990)), rule: "input-yaml-too-many-entries", file: fragment, pointer: "#/properties" }]
    : []),
  { name: "a merge key (<<)", apply: () => replaceIn(doc(), "\ninfo:\n", "\nx-base: &b {x-one: 1}\nx-merged:\n  <<: *b\ninfo:\n"), rule: "input-yaml-merge-key", file: doc, pointer: "#/x-merged/<<" },
];

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "build-inputs-"));
  layout = layoutFor(root);
  server = createServer((_req, res) => {
    fetched++;
    res.writeHead(200, { "content-type": "application/yaml" }).end(`type: object\ndescription: ${MARKER}\n`);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  remoteUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}/remote.yaml`;
  writeFileSync(join(root, "outside-secret.json"), JSON.stringify({ type: "object", description: MARKER }));
  mkdirSync(layout.openapiDir, { recursive: true });
  cpSync(join(OPENAPI_DIR, "widget.yaml"), doc());
  cpSync(join(OPENAPI_DIR, ID), join(layout.openapiDir, ID), { recursive: true });
  writeFileSync(join(layout.openapiDir, "services.json"), JSON.stringify({ services: [service()] }));
  const first = await runBuild({ layout, log: (l) => lines.push(l), error: (l) => lines.push(l) });
  expect(first.failed, lines.join("\n")).toEqual([]);
}, 120_000);

afterAll(async () => {
  rmSync(root, { recursive: true, force: true });
  await new Promise((r) => server.close(r));
});

describe("the build refuses inputs from outside openapi/", () => {
  for (const c of cases) {
    it(`${c.name}: fails with ${c.rule}, changes nothing, leaks nothing, fetches nothing`, { timeout: 60_000 }, async () => {
      const before = snapshot();
      const undo = c.apply();
      try {
        // The bound is the guard's: the build stops at the rule that counts (bytes, aliases, depth),
        // before a bomb is expanded; the test's timeout only catches a hang.
        const summary = await runBuild({ layout, noCache: true, log: (l) => lines.push(l), error: (l) => lines.push(l) });
        expect(summary.failed.map((f) => f.id)).toEqual([ID]);
        const findings = summary.failed[0]!.findings;
        expect(findings).toContainEqual(expect.objectContaining({ rule: c.rule, file: c.file(), pointer: c.pointer, line: expect.any(Number) }));
        expect(snapshot()).toEqual(before);
        expect(JSON.stringify(snapshot())).not.toContain(MARKER);
        expect(fetched).toBe(0);

        // The gate's bundler and the linter refuse the same input by the same rule.
        await expect(bundleDocument(service(), doc())).rejects.toThrow(c.rule);
        expect((await lintSource(service(), doc())).map((f) => f.rule)).toContain(c.rule);
        expect(fetched).toBe(0);
      } finally {
        undo();
      }
    });
  }

  it("a clean document still builds after the battery", async () => {
    const summary = await runBuild({ layout, noCache: true, log: (l) => lines.push(l), error: (l) => lines.push(l) });
    expect(summary.failed).toEqual([]);
  }, 60_000);
});
