/**
 * Minified + gzipped size of a consumer that imports one client through the package entry point
 * users import (`cloud-interfaces/<id>`, compiled output), tree-shaken and code-split by esbuild as
 * an app bundler would: `gzip` is the first load (the entry chunk), `totalGzip` adds the chunks the
 * client loads on creation (the request rules and their checker).
 */
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { join, relative } from "node:path";
import { ROOT } from "../lib/paths.js";
import { pascalName, readServices } from "../lib/services.js";

export interface BundleSize {
  bytes: number;
  gzip: number;
  totalBytes: number;
  totalGzip: number;
  pullsOthers: string[];
}

export async function bundleSizes(): Promise<Record<string, BundleSize>> {
  const services = readServices();
  const out: Record<string, BundleSize> = {};
  for (const s of services) {
    const entry = `import { create${pascalName(s.id)}Client } from "cloud-interfaces/${s.id}";\nexport const client = create${pascalName(s.id)}Client();\n`;
    const result = await build({
      stdin: { contents: entry, resolveDir: ROOT, loader: "ts", sourcefile: "consumer.ts" },
      bundle: true,
      minify: true,
      treeShaking: true,
      format: "esm",
      platform: "browser",
      write: false,
      splitting: true,
      outdir: join(ROOT, "dist", "bundle-size"),
      metafile: true,
      logLevel: "silent",
    });
    const files = new Map(result.outputFiles.map((f) => [relative(ROOT, f.path), f.text]));
    const entryName = Object.keys(result.metafile.outputs).find((name) => result.metafile.outputs[name]!.entryPoint !== undefined)!;
    // The first load is the entry chunk and every chunk it imports statically; dynamic imports come later.
    const firstLoad = new Set<string>();
    const visit = (name: string) => {
      if (firstLoad.has(name)) return;
      firstLoad.add(name);
      for (const i of result.metafile.outputs[name]!.imports) if (i.kind === "import-statement" && !i.external) visit(i.path);
    };
    visit(entryName);
    const gz = (names: Iterable<string>) => [...names].reduce((sum, name) => sum + gzipSync(files.get(name)!).length, 0);
    const bytes = (names: Iterable<string>) => [...names].reduce((sum, name) => sum + files.get(name)!.length, 0);
    const all = [...files.values()].join("\n");
    // Another client's operation table in the output would mean importing one pulls in the rest.
    const pullsOthers = services.filter((o) => o.id !== s.id && (all.includes(`"id":"${o.id}"`) || all.includes(`id:"${o.id}"`))).map((o) => o.id);
    out[s.id] = { bytes: bytes(firstLoad), gzip: gz(firstLoad), totalBytes: bytes(files.keys()), totalGzip: gz(files.keys()), pullsOthers };
  }
  return out;
}

export const CONSUMER_DIR = join(ROOT, "dist", "bench");
