/**
 * One layout for all six documents: the root `openapi/<id>.yaml` holds the document's own
 * header and its path table; every operation is a `$ref` to a file named after its
 * operationId, and every component a `$ref` to a file named after the component, under the
 * document's folder or a family's shared folder. "Where is createKey?" is one hop.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { bundleWithDependencies } from "../scripts/lib/bundle.js";
import { HTTP_METHODS } from "../runtime/core/router.js";
import { OPENAPI_DIR } from "../scripts/lib/paths.js";
import { documentPath, readServices } from "../scripts/lib/services.js";

const services = readServices();
/** A document's own files live in openapi/<id>/, fragments shared by a family in openapi/shared/<family>/. */
const ownedBy = (service: { id: string; family?: string }, file: string) =>
  file.startsWith(join(OPENAPI_DIR, service.id) + "/") || (service.family !== undefined && file.startsWith(join(OPENAPI_DIR, "shared", service.family) + "/"));

describe.each(services.map((s) => [s.id, s] as const))("%s layout", (_id, service) => {
  const rootFile = documentPath(service);
  const root = parse(readFileSync(rootFile, "utf8"));

  it("references each operation from its own file, named after its operationId", () => {
    for (const [path, item] of Object.entries<any>(root.paths)) {
      for (const method of HTTP_METHODS) {
        if (!item[method]) continue;
        const ref = item[method].$ref as string | undefined;
        expect(ref, `${method.toUpperCase()} ${path} is written inline`).toBeTypeOf("string");
        const file = join(dirname(rootFile), ref!);
        expect(existsSync(file), file).toBe(true);
        expect(basename(dirname(file)), file).toBe("operations");
        expect(ownedBy(service, file), file).toBe(true);
        const operation = parse(readFileSync(file, "utf8"));
        expect(basename(file, ".yaml")).toBe(operation.operationId);
      }
    }
  });

  it("references each component from a file named after it", () => {
    for (const [kind, entries] of Object.entries<any>(root.components ?? {})) {
      for (const [name, value] of Object.entries<any>(entries)) {
        expect(value.$ref, `components.${kind}.${name} is written inline`).toBeTypeOf("string");
        const file = join(dirname(rootFile), value.$ref);
        expect(existsSync(file), file).toBe(true);
        expect(basename(file, ".yaml"), file).toBe(name);
        expect(basename(dirname(file)), file).toBe(kind);
        expect(ownedBy(service, file), file).toBe(true);
      }
    }
  });
});

it("keeps no YAML file under openapi/ that no document is made of", async () => {
  const used = new Set<string>();
  for (const service of services) for (const file of (await bundleWithDependencies(service)).dependencies) used.add(file);
  const all = readdirSync(OPENAPI_DIR, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".yaml")).map((f) => join("openapi", f));
  expect(all.filter((f) => !used.has(f))).toEqual([]);
  expect(all.length).toBeGreaterThan(100);
}, 60_000);
