/**
 * What the chunks a client loads on creation hold, per input file: esbuild's metafile gives each
 * input's minified bytes in each chunk; the gzip share of a file is approximated by gzipping that
 * file's slice of the chunk alone, built with identifiers and syntax minified but whitespace kept
 * (esbuild marks each file's slice with a `// path` comment only then). Run:
 * `npx tsx scripts/bench/chunk-breakdown.ts [service-id]`.
 */
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { join, relative } from "node:path";
import { ROOT } from "../lib/paths.js";
import { pascalName, readServices } from "../lib/services.js";

async function breakdown(id: string) {
  const factory = `create${pascalName(id)}Client`;
  const entry = `import { ${factory} } from "cloud-interfaces/${id}";\nexport const client = ${factory}();\n`;
  const common = {
    stdin: { contents: entry, resolveDir: ROOT, loader: "ts" as const, sourcefile: "consumer.ts" },
    bundle: true, treeShaking: true, format: "esm" as const, platform: "browser" as const, write: false,
    splitting: true, outdir: join(ROOT, "dist", "bundle-size"), metafile: true, logLevel: "silent" as const,
  };
  const r = await build({ ...common, minifySyntax: true, minifyIdentifiers: true, minifyWhitespace: false, metafile: true, write: false });
  const outs = r.metafile.outputs;
  const entryName = Object.keys(outs).find((n) => outs[n]!.entryPoint === "consumer.ts")!;
  const onCreation = new Set<string>();
  const visit = (name: string) => {
    if (onCreation.has(name)) return;
    onCreation.add(name);
    for (const i of outs[name]!.imports) if (i.kind === "import-statement" && !i.external) visit(i.path);
  };
  visit(entryName);
  const first = new Set(onCreation);
  for (const [name, o] of Object.entries(outs)) if (o.entryPoint && /\/(rules|calls|body-limit)\.[jt]s$/.test(o.entryPoint)) visit(name);
  const texts = new Map(r.outputFiles.map((f) => [relative(ROOT, f.path), f.text]));
  const rows: { file: string; chunk: string; bytes: number; gz: number; first: boolean }[] = [];
  for (const name of onCreation) {
    const text = texts.get(name)!;
    const parts = text.split(/^\/\/ (\S+\.(?:[mc]?js|ts))$/m);
    for (let i = 1; i < parts.length; i += 2) {
      const slice = parts[i + 1]!;
      rows.push({ file: parts[i]!, chunk: name, bytes: slice.length, gz: gzipSync(slice).length, first: first.has(name) });
    }
  }
  rows.sort((a, b) => b.gz - a.gz);
  const total = rows.reduce((s, r) => s + r.gz, 0);
  console.log(`\n## ${id}: ${onCreation.size} chunks on creation, per-file gz sum ${total} B`);
  for (const row of rows) console.log(`${String(row.gz).padStart(6)} ${String(row.bytes).padStart(7)} ${row.first ? "first" : "     "} ${row.file}`);
}

const ids = process.argv[2] ? [process.argv[2]] : readServices().map((s) => s.id);
for (const id of ids) await breakdown(id);
