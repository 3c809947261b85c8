/**
 * The package's `exports` map, derived from openapi/services.json: one entry point per service,
 * plus core, mock, emulator, msw, verify, the bundled documents and their Arazzo workflows. A test holds package.json to it, and
 * `npm run sync-exports` writes it.
 */
import type { Service } from "./services.js";

type Target = string | { source: string; types: string; default: string };

/** `source` resolves to the TypeScript sources inside this repository (vitest, tsc); users get `types`/`default`. */
function code(sourceFile: string): Target {
  const compiled = `./dist/lib/${sourceFile.replace(/\.ts$/, "")}`;
  return { source: `./${sourceFile}`, types: `${compiled}.d.ts`, default: `${compiled}.js` };
}

export function expectedExports(services: readonly Service[]): Record<string, Target> {
  const exports: Record<string, Target> = {
    "./package.json": "./package.json",
    "./core": code("runtime/core/index.ts"),
    "./mock": code("runtime/mock/index.ts"),
    "./emulator": code("runtime/emulator/index.ts"),
    "./msw": code("runtime/msw/index.ts"),
    "./verify": code("runtime/verify/index.ts"),
  };
  for (const { id } of services) exports[`./${id}`] = code(`generated/${id}/index.ts`);
  for (const { id } of services) {
    exports[`./openapi/${id}.json`] = `./dist/openapi/${id}.json`;
    exports[`./openapi/${id}.yaml`] = `./dist/openapi/${id}.yaml`;
  }
  // The Arazzo workflows exist only for documents with a resource that has a create
  // (scripts/lib/generate-flows.ts), so one pattern ships them rather than an entry per service.
  exports["./openapi/*.arazzo.yaml"] = "./dist/openapi/*.arazzo.yaml";
  return exports;
}
