/**
 * Bundles code for a browser page the way an app's bundler would (esbuild, platform browser,
 * ES modules split into chunks that load on demand), with the package's own names resolved to
 * its sources. A Node built-in reached from the page fails the build, naming the importer.
 */
import { build, buildSync, type BuildOptions, type Metafile, type OutputFile, type Plugin } from "esbuild";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "../paths.js";

/** Refuses `node:` imports and bare Node built-ins. */
export const noNodeBuiltins: Plugin = {
  name: "no-node-builtins",
  setup(b) {
    b.onResolve({ filter: /^(node:|(fs|path|crypto|http|https|net|os|module|url|util|stream|zlib|buffer|child_process|worker_threads)(\/.*)?$)/ }, (args) => ({
      errors: [{ text: `Node built-in "${args.path}" imported by ${args.importer} on the browser path` }],
    }));
  },
};

/** `cloud-interfaces/<subpath>` -> the source file its `source` export condition names. */
export function packageSourceAliases(root = ROOT): Record<string, string> {
  const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { name: string; exports: Record<string, string | { source?: string }> };
  return Object.fromEntries(
    Object.entries(pkg.exports).flatMap(([subpath, target]) => (typeof target === "object" && target.source ? [[`${pkg.name}${subpath.slice(1)}`, join(root, target.source)]] : [])),
  );
}

export interface BrowserBuild {
  outputs: OutputFile[];
  metafile: Metafile;
}

/** The common settings: ES modules split into chunks, for browsers, the package's names resolved to its sources. */
function pageOptions(entryPoints: Record<string, string>, outdir: string): BuildOptions {
  return {
    entryPoints,
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    minify: true,
    metafile: true,
    outdir,
    absWorkingDir: ROOT,
    nodePaths: [join(ROOT, "node_modules")],
    alias: packageSourceAliases(),
    logLevel: "silent",
    write: false,
  };
}

/**
 * The same, synchronous (the site build is): without the Node built-in guard, a plugin esbuild
 * runs only asynchronously; the browser-path test holds the same entry points to it.
 */
export function bundleForPageSync(entryPoints: Record<string, string>, outdir: string, options: Partial<BuildOptions> = {}): BrowserBuild {
  const result = buildSync({ ...pageOptions(entryPoints, outdir), ...options });
  return { outputs: result.outputFiles ?? [], metafile: result.metafile! };
}

export async function bundleForPage(entryPoints: Record<string, string>, outdir: string, options: Partial<BuildOptions> = {}): Promise<BrowserBuild> {
  const result = await build({ ...pageOptions(entryPoints, outdir), plugins: [noNodeBuiltins], ...options });
  return { outputs: result.outputFiles ?? [], metafile: result.metafile! };
}
