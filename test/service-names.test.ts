/**
 * A service is its document: outside its family's folders (runtime/<family>/, test/<family>/,
 * where a service without a family uses its id) and the case catalogues (test/cases/), no code in
 * runtime/, scripts/ or test/ names a service id. Code that works on every service reads
 * openapi/services.json; a test about one service lives in its family's folder. So adding a
 * service needs its registry entry, its document and its case catalogue, and nothing here.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../scripts/lib/paths.js";
import { readServices, type Service } from "../scripts/lib/services.js";

/**
 * Files that may name a service, each with its reason. Keep it short: a file here is one a new
 * service never needs to touch.
 */
export const NAMING_ALLOWED: Readonly<Record<string, string>> = {
  "scripts/bench/":
    "the benchmarks measure chosen services by name, so a run's figures compare with the README's and the last run's; a new service needs no edit there (what the bench runs over every service reads the registry)",
  "test/consumer/": "the packed package proven from outside as a user uses it: the apps a user writes and the commands a user types name a service's entry point, as the README's examples do",
};

/** Folders a service's own code and tests live in. */
export function familyFolders(services: readonly Pick<Service, "id" | "family">[]): string[] {
  const names = new Set(services.map((s) => s.family ?? s.id));
  return [...[...names].flatMap((f) => [`runtime/${f}/`, `test/${f}/`]), "test/cases/"];
}

const SOURCE = /\.(ts|mts|cts|js|mjs|cjs|json|ya?ml)$/;

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : files(path);
    return SOURCE.test(entry.name) ? [path] : [];
  });
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Each `id` that `text` names as a word of its own (`"billing-v2"`, `generated/billing-v2/`, `billing-v2.html`; not `billing-v2x`). */
export function namedIds(text: string, ids: readonly string[]): string[] {
  return ids.filter((id) => new RegExp(`(?<![\\w-])${escape(id)}(?![\\w-])`).test(text));
}

/**
 * A module path into a family's folder (`../kms/emulator.js`, `runtime/<id>/` of a service without a family) names the
 * family's code, which exists as code, not a service: a service without a family has its id as
 * its folder's name, which is not naming it.
 */
export function withoutFamilyPaths(text: string, services: readonly Pick<Service, "id" | "family">[]): string {
  const folders = [...new Set(services.map((s) => s.family ?? s.id))].map(escape).join("|");
  return text.replace(new RegExp(`(?<=(?:^|[^\\w.-])(?:runtime|\\.\\.?)/)(?:${folders})(?=/)`, "g"), "<family>");
}

/** `file: ids` for every file under runtime/, scripts/ and test/ outside the family folders and the allow-list that names a service. */
export function namingFiles(root: string, services: readonly Pick<Service, "id" | "family">[]): string[] {
  const exempt = [...familyFolders(services), ...Object.keys(NAMING_ALLOWED)];
  const ids = services.map((s) => s.id);
  return ["runtime", "scripts", "test"].flatMap((tree) =>
    files(join(root, tree)).flatMap((file) => {
      const path = relative(root, file);
      if (exempt.some((e) => (e.endsWith("/") ? path.startsWith(e) : path === e))) return [];
      const named = namedIds(withoutFamilyPaths(readFileSync(file, "utf8"), services), ids);
      return named.length > 0 ? [`${path}: ${named.join(", ")}`] : [];
    }),
  );
}

describe("no code outside a family's folders names a service", () => {
  const services = readServices();

  it("finds ids as words in strings, paths and file names, not inside longer names", () => {
    // Made-up ids: this file names no real one.
    const ids = ["billing-v2", "gadget"];
    expect(namedIds(`import x from "cloud-interfaces/billing-v2";`, ids)).toEqual(["billing-v2"]);
    expect(namedIds("generated/billing-v2/client.js and page billing-v2.html", ids)).toEqual(["billing-v2"]);
    expect(namedIds('createEmulator("gadget")', ids)).toEqual(["gadget"]);
    expect(namedIds("billing-v2x, xbilling-v2, gadgets, createGadgetClient, gadget-url", ids)).toEqual([]);
    const registry = [{ id: "billing-v2", family: "billing" }, { id: "gadget" }];
    expect(namedIds(withoutFamilyPaths('import type { S } from "../gadget/emulator.js"; // runtime/gadget/', registry), ids)).toEqual([]);
    expect(namedIds(withoutFamilyPaths('serve("gadget"); open("generated/gadget/index.ts"); "../../openapi/gadget/x.yaml"', registry), ids)).toEqual(["gadget"]);
  });

  it("flags a file outside the family folders, and none inside them or the allow-list", () => {
    const registry = [{ id: "billing-v2", family: "billing" }, { id: "gadget" }];
    expect(familyFolders(registry)).toEqual(["runtime/billing/", "test/billing/", "runtime/gadget/", "test/gadget/", "test/cases/"]);
    const root = mkdtempSync(join(tmpdir(), "service-names-"));
    try {
      const put = (path: string, text: string) => (mkdirSync(dirname(join(root, path)), { recursive: true }), writeFileSync(join(root, path), text));
      put("runtime/emulator/table.ts", 'export const ids = ["billing-v2", "gadget"];');
      put("scripts/lib/readme.json", '{ "example": "gadget" }');
      put("test/core/one.test.ts", 'import { createGadgetClient } from "../../generated/gadget/client.js";');
      put("test/emulator/plugin.ts", 'export type { S } from "../../runtime/gadget/emulator.js";');
      put("runtime/billing/emulator.ts", 'export const id = "billing-v2";');
      put("test/gadget/emulator.test.ts", 'createEmulator("gadget");');
      put("test/cases/billing-v2.ts", 'export default { service: "billing-v2" };');
      put("test/consumer/fixtures/app.ts", 'import "cloud-interfaces/gadget";');
      expect(namingFiles(root, registry)).toEqual(["runtime/emulator/table.ts: billing-v2, gadget", "scripts/lib/readme.json: gadget", "test/core/one.test.ts: gadget"]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
    // This file names none itself (it reads the registry), so the scan of the tree below can fail.
    expect(namedIds(readFileSync(new URL(import.meta.url), "utf8"), services.map((s) => s.id))).toEqual([]);
  });

  it("every allow-listed path exists and says why", () => {
    for (const [path, reason] of Object.entries(NAMING_ALLOWED)) {
      expect(existsSync(join(ROOT, path)), path).toBe(true);
      expect(reason.length, path).toBeGreaterThan(40);
    }
  });

  it("runtime/, scripts/ and test/ name no service outside the family folders", () => {
    expect(namingFiles(ROOT, services)).toEqual([]);
  });
});
