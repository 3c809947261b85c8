/**
 * Minified + gzipped size of a consumer that imports one client through the package entry point
 * users import (`cloud-interfaces/<id>`, compiled output; openapi-fetch included), tree-shaken by esbuild.
 */
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { join } from "node:path";
import { ROOT } from "../lib/paths.js";
import { pascalName, readServices } from "../lib/services.js";

export async function bundleSizes(): Promise<Record<string, { bytes: number; gzip: number; pullsOthers: string[] }>> {
  const services = readServices();
  const out: Record<string, { bytes: number; gzip: number; pullsOthers: string[] }> = {};
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
      logLevel: "silent",
    });
    const code = result.outputFiles[0]!.text;
    // Another client's operation table in the output would mean importing one pulls in the rest.
    const pullsOthers = services.filter((o) => o.id !== s.id && code.includes(`"id":"${o.id}"`) || code.includes(`id:"${o.id}"`) && o.id !== s.id).map((o) => o.id);
    out[s.id] = { bytes: code.length, gzip: gzipSync(code).length, pullsOthers };
  }
  return out;
}

export const CONSUMER_DIR = join(ROOT, "dist", "bench");
