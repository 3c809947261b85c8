/**
 * Minified + gzipped size of a consumer that imports one client through the package entry point
 * users import (`cloud-interfaces/<id>`, compiled output), tree-shaken and code-split by esbuild as
 * an app bundler would: `gzip` is the first load (the entry chunk and its static imports),
 * `totalGzip` adds the chunks the client loads on creation (the request rules and their checker,
 * the request path with openapi-fetch, the bounded body readers and the errors a call makes),
 * `allGzip` every chunk a first call, a retry, a page walk or a followed redirect may load.
 */
import { gzipSync } from "node:zlib";
import { build, type Metafile } from "esbuild";
import { join, relative } from "node:path";
import { ROOT } from "../lib/paths.js";
import { pascalName, readServices } from "../lib/services.js";

export interface BundleSize {
  bytes: number;
  gzip: number;
  totalBytes: number;
  totalGzip: number;
  allGzip: number;
  pullsOthers: string[];
  /** The source files (relative to the package root) whose code is in the first load. */
  firstLoadInputs: string[];
  /** The same for everything loaded on creation (the first load among them). */
  onCreationInputs: string[];
  /** The same for every chunk of the build. */
  allInputs: string[];
}

/**
 * Family helpers a first call is made through, measured the same way: the helper's factory is
 * what a consumer imports, so its first load is the target (issue 24: createKmsClient ≤ 8 KB).
 */
export const HELPER_ENTRIES: readonly { name: string; service: string; factory: string; call: string }[] = [
  { name: "createKmsClient", service: "kms-v2", factory: "createKmsClient", call: `createKmsClient({ instanceId: "00000000-0000-4000-8000-000000000000", token: "t" })` },
];

/**
 * The output chunks of the first load (the consumer's chunk and every chunk it imports
 * statically) and of everything loaded on creation (with the rules and request-path chunks the
 * first load imports dynamically, and their static imports), by output name.
 */
export function loadedOnCreation(meta: Metafile): { firstLoad: Set<string>; onCreation: Set<string> } {
  const outputs = meta.outputs;
  // The consumer's own chunk: every dynamically imported module is an entry point of its own chunk too, listed in no fixed order.
  const entryName = Object.keys(outputs).find((name) => outputs[name]!.entryPoint === "consumer.ts")!;
  // The first load is the entry chunk and every chunk it imports statically; dynamic imports come later.
  const firstLoad = new Set<string>();
  const visit = (into: Set<string>, name: string) => {
    if (into.has(name)) return;
    into.add(name);
    for (const i of outputs[name]!.imports) if (i.kind === "import-statement" && !i.external) visit(into, i.path);
  };
  visit(firstLoad, entryName);
  // What the client starts loading on creation: the chunks the first load imports dynamically
  // whose entry is a rules module or the request path (runtime/core/calls), with their imports.
  // Only those reachable from the first load: esbuild also emits the dynamic-import targets of
  // code it shook off (a family helper's own rules, another service's table), which no one loads.
  const onCreation = new Set(firstLoad);
  for (const name of firstLoad) {
    for (const i of outputs[name]!.imports) {
      const target = outputs[i.path];
      if (i.kind === "dynamic-import" && !i.external && target?.entryPoint && /\/(rules|calls)\.[jt]s$/.test(target.entryPoint)) visit(onCreation, i.path);
    }
  }
  return { firstLoad, onCreation };
}

/**
 * One consumer module bundled as an app would; `service` is the client whose table it should hold
 * alone. `conditions: ["source"]` bundles the TypeScript sources instead of the compiled output
 * (tests, which must not depend on a fresh `dist/`).
 */
export async function measure(entry: string, service: string, conditions?: string[]): Promise<BundleSize> {
  const services = readServices();
  const result = await build({
    ...(conditions ? { conditions } : {}),
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
  const { firstLoad, onCreation } = loadedOnCreation(result.metafile);
  const gz = (names: Iterable<string>) => [...names].reduce((sum, name) => sum + gzipSync(files.get(name)!).length, 0);
  const bytes = (names: Iterable<string>) => [...names].reduce((sum, name) => sum + files.get(name)!.length, 0);
  const all = [...files.values()].join("\n");
  // Another client's operation table in the output would mean importing one pulls in the rest.
  const pullsOthers = services.filter((o) => o.id !== service && (all.includes(`"id":"${o.id}"`) || all.includes(`id:"${o.id}"`))).map((o) => o.id);
  const inputsOf = (names: Iterable<string>) => [...names].flatMap((name) => Object.entries(result.metafile.outputs[name]!.inputs).filter(([, i]) => i.bytesInOutput > 0).map(([input]) => input));
  return {
    bytes: bytes(firstLoad), gzip: gz(firstLoad), totalBytes: bytes(onCreation), totalGzip: gz(onCreation), allGzip: gz(files.keys()), pullsOthers,
    firstLoadInputs: inputsOf(firstLoad), onCreationInputs: inputsOf(onCreation), allInputs: inputsOf(Object.keys(result.metafile.outputs)),
  };
}

/** Each generated client's factory, imported alone from its package entry point. */
export async function bundleSizes(): Promise<Record<string, BundleSize>> {
  const out: Record<string, BundleSize> = {};
  for (const s of readServices()) {
    const factory = `create${pascalName(s.id)}Client`;
    out[s.id] = await measure(`import { ${factory} } from "cloud-interfaces/${s.id}";\nexport const client = ${factory}();\n`, s.id);
  }
  return out;
}

/** The consumer module of a family helper: its factory imported alone and called once. */
export function helperEntry(h: (typeof HELPER_ENTRIES)[number]): string {
  return `import { ${h.factory} } from "cloud-interfaces/${h.service}";\nexport const client = ${h.call};\n`;
}

/** Each family helper of HELPER_ENTRIES, imported alone from its service's package entry point. */
export async function helperBundleSizes(): Promise<Record<string, BundleSize>> {
  const out: Record<string, BundleSize> = {};
  for (const h of HELPER_ENTRIES) {
    out[h.name] = await measure(helperEntry(h), h.service);
  }
  return out;
}

export const CONSUMER_DIR = join(ROOT, "dist", "bench");
