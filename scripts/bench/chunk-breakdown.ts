/**
 * What the chunks a client loads on creation hold, per input file (issue 44's "find the bytes").
 * Each chunk's min+gz size is measured as bundle-size.ts does; it is shared among the chunk's
 * input files in proportion to each file's own slice gzipped alone, from a second build with
 * identifiers and syntax minified but whitespace kept (esbuild marks each file's slice with a
 * `// path` comment only then). Shares are approximate (gzip finds repeats across files); the
 * sums per chunk are exact. Run: `npx tsx scripts/bench/chunk-breakdown.ts [--source] [service-id...]` (after `npm run build` without --source).
 */
import { gzipSync } from "node:zlib";
import { build, type BuildOptions, type Metafile } from "esbuild";
import { join, relative } from "node:path";
import { ROOT } from "../lib/paths.js";
import { loadedOnCreation } from "./bundle-size.js";
import { pascalName, readServices } from "../lib/services.js";

export interface Share { file: string; gz: number; first: boolean }

export async function breakdown(id: string, conditions?: string[]): Promise<{ total: number; first: number; shares: Share[] }> {
  const factory = `create${pascalName(id)}Client`;
  const options: BuildOptions = {
    ...(conditions ? { conditions } : {}),
    stdin: { contents: `import { ${factory} } from "cloud-interfaces/${id}";\nexport const client = ${factory}();\n`, resolveDir: ROOT, loader: "ts", sourcefile: "consumer.ts" },
    bundle: true, treeShaking: true, format: "esm", platform: "browser", write: false,
    splitting: true, outdir: join(ROOT, "dist", "bundle-size"), metafile: true, logLevel: "silent",
  };
  const real = await build({ ...options, minify: true });
  const spaced = await build({ ...options, minifySyntax: true, minifyIdentifiers: true });
  // A chunk of one build is found in the other by the inputs it holds.
  const keyOf = (meta: Metafile, name: string) => Object.keys(meta.outputs[name]!.inputs).sort().join("\n");
  const spacedText = new Map(spaced.outputFiles!.map((f) => [keyOf(spaced.metafile!, relative(ROOT, f.path)), f.text]));
  const realText = new Map(real.outputFiles!.map((f) => [relative(ROOT, f.path), f.text]));
  const { firstLoad: first, onCreation } = loadedOnCreation(real.metafile!);
  const shares: Share[] = [];
  let total = 0;
  let firstTotal = 0;
  for (const name of onCreation) {
    const gz = gzipSync(realText.get(name)!).length;
    total += gz;
    if (first.has(name)) firstTotal += gz;
    const parts = (spacedText.get(keyOf(real.metafile!, name)) ?? "").split(/^\/\/ (\S+\.(?:[mc]?js|ts))$/m);
    const slices: [string, number][] = [];
    for (let i = 1; i < parts.length; i += 2) slices.push([parts[i]!, gzipSync(parts[i + 1]!).length]);
    const sum = slices.reduce((s, [, n]) => s + n, 0);
    for (const [file, n] of slices) shares.push({ file, gz: Math.round((gz * n) / sum), first: first.has(name) });
  }
  shares.sort((a, b) => b.gz - a.gz);
  return { total, first: firstTotal, shares };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // --source: from the TypeScript sources (no build needed), as the tests measure.
  const source = process.argv.includes("--source");
  const named = process.argv.slice(2).filter((a) => !a.startsWith("--"));
  const ids = named.length ? named : readServices().map((s) => s.id);
  for (const id of ids) {
    const { total, first, shares } = await breakdown(id, source ? ["source"] : undefined);
    console.log(`\n## ${id}: ${total} B min+gz loaded on creation (${first} B of it the first load)`);
    for (const s of shares) console.log(`${String(s.gz).padStart(6)} ${s.first ? "first" : "     "} ${s.file}`);
  }
}
