import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse as parseYaml } from "yaml";
import { lint as redoclyLint, loadConfig } from "@redocly/openapi-core";
import { Document, Spectral } from "@stoplight/spectral-core";
import spectralParsers from "@stoplight/spectral-parsers";
import { createRequire } from "node:module";
import { dedupeFindings, type Finding } from "./findings.js";
import { checkInputs } from "./input-guard.js";
import { ROOT } from "./paths.js";
import { documentPath, type Service } from "./services.js";
import { joinPointer, splitPointer } from "../../runtime/core/pointer.js";
import { locate } from "./source-location.js";

// CommonJS package: its named exports only exist on the default export under ESM.
const Parsers = spectralParsers as unknown as typeof import("@stoplight/spectral-parsers");


type RedoclyConfig = Awaited<ReturnType<typeof loadConfig>>;
let redoclyConfig: Promise<RedoclyConfig> | undefined;
let spectral: Promise<InstanceType<typeof Spectral>> | undefined;

export function loadRedoclyConfig(): Promise<RedoclyConfig> {
  redoclyConfig ??= loadConfig({ configPath: join(ROOT, "redocly.yaml") });
  return redoclyConfig;
}

/**
 * The ruleset is loaded exactly as spectral-cli (pinned) loads it: its loader adds the CommonJS
 * plugin that the OWASP ruleset package needs, which the bare bundler API lacks.
 */
const { getRuleset } = createRequire(import.meta.url)("@stoplight/spectral-cli/dist/services/linter/utils/getRuleset.js") as {
  getRuleset: (file: string) => Promise<Parameters<InstanceType<typeof Spectral>["setRuleset"]>[0]>;
};

function loadSpectral() {
  spectral ??= (async () => {
    const instance = new Spectral();
    instance.setRuleset(await getRuleset(join(ROOT, ".spectral.yaml")));
    return instance;
  })();
  return spectral;
}

// Keyed by content as well: the build may run more than once in a process (tests), on edited files.
const sourceCache = new Map<string, { text: string; doc: unknown }>();

/** The in-document exception for a rule at a pointer of a source file (root document or fragment), if any. */
function sourceException(file: string, pointer: string, rule: string): string | undefined {
  const text = readFileSync(file.replace(/^file:\/\//, ""), "utf8");
  if (sourceCache.get(file)?.text !== text) sourceCache.set(file, { text, doc: parseYaml(text) });
  let node: any = sourceCache.get(file)!.doc;
  const keys = splitPointer(pointer);
  for (let i = 0; ; i++) {
    const reason = node?.[EXCEPTIONS]?.[rule];
    if (typeof reason === "string") return reason;
    if (i === keys.length || node === undefined) return undefined;
    node = node?.[keys[i]!];
  }
}

/** Redocly lints the source (it follows $refs into shared fragments), with example validation on. */
export async function lintSource(service: Service, file = documentPath(service)): Promise<Finding[]> {
  // Checked synchronously, before Redocly's js-yaml parses anything (the build starts lint and bundle together).
  const refused = checkInputs(file);
  if (refused.length > 0) return refused;
  const config = await loadRedoclyConfig();
  const problems = await redoclyLint({ ref: file, config: config.forAlias(service.id) });
  return problems
    .filter((p) => {
      const at = p.location[0];
      return !at || !sourceException(at.source.absoluteRef, at.pointer ?? "#/", p.ruleId);
    })
    .map((p) => redoclyFinding("redocly", p, file));
}

type RedoclyProblem = Awaited<ReturnType<typeof redoclyLint>>[number];

/** A Redocly problem (lint or bundler) with the file and line its pointer leads to. */
export function redoclyFinding(tool: "redocly" | "bundle", p: RedoclyProblem, rootFile: string): Finding {
  const at = p.location[0];
  const where = locate(at ? at.source.absoluteRef.replace(/^file:\/\//, "") : rootFile, splitPointer(at?.pointer ?? "#"));
  return {
    tool,
    severity: p.severity === "error" ? "error" : "warn",
    rule: p.ruleId,
    message: p.message,
    ...where,
    ...(at?.pointer && at.pointer !== where.pointer ? { reported: at.pointer } : {}),
  };
}

const EXCEPTIONS = "x-lint-exceptions";

/**
 * A justified exception lives in the document, on the node it concerns (or the root):
 * `x-lint-exceptions: { <rule>: <reason> }` silences that rule at and below the node. An
 * exception that silences nothing is itself a finding, so stale exceptions cannot pile up.
 */
function applyExceptions<R extends { code: string | number; path: (string | number)[] }>(doc: any, results: R[], spectralRules: Set<string>) {
  const used = new Set<string>();
  const kept = results.filter((r) => {
    let node = doc;
    const trail: (string | number)[] = [];
    for (let i = 0; i <= r.path.length; i++) {
      const reason = node?.[EXCEPTIONS]?.[String(r.code)];
      if (typeof reason === "string") {
        used.add(`${trail.join("/")}|${r.code}`);
        return false;
      }
      if (i === r.path.length || node === undefined) break;
      trail.push(r.path[i]!);
      node = node?.[r.path[i]!];
    }
    return true;
  });
  const unused: { path: string[]; rule: string }[] = [];
  const walk = (node: any, trail: string[]) => {
    if (!node || typeof node !== "object") return;
    for (const rule of Object.keys(node[EXCEPTIONS] ?? {})) {
      // Exceptions for Redocly's rules are honoured by lintSource; only Spectral's are checked for use here.
      if (spectralRules.has(rule) && !used.has(`${trail.join("/")}|${rule}`)) unused.push({ path: [...trail, EXCEPTIONS, rule], rule });
    }
    for (const [k, v] of Object.entries(node)) if (k !== EXCEPTIONS) walk(v, [...trail, k]);
  };
  walk(doc, []);
  return { kept, unused };
}

/** Spectral lints the bundle: its oas3-schema check misreads external $refs in 3.1 path items. */
export async function lintBundle(service: Service, bundleText: string, rootFile = documentPath(service)): Promise<Finding[]> {
  const spectral = await loadSpectral();
  // The bundle has local $refs only; the name is what Spectral would resolve relative ones against.
  const results = await spectral.run(new Document(bundleText, Parsers.Json, rootFile.replace(/\.ya?ml$/, ".bundle.json")));
  const rules = new Set(Object.keys(spectral.ruleset?.rules ?? {}));
  const { kept, unused } = applyExceptions(JSON.parse(bundleText), results.filter((r) => r.severity <= 1), rules);
  const at = (path: readonly (string | number)[]) => {
    const reported = joinPointer(path);
    const where = locate(rootFile, path.map(String));
    return { ...where, ...(reported !== where.pointer ? { reported } : {}) };
  };
  const stale: Finding[] = unused.map((u) => ({
    tool: "spectral",
    severity: "error",
    rule: "project-unused-lint-exception",
    message: `x-lint-exceptions names ${u.rule}, which reports nothing here: remove the exception`,
    ...at(u.path),
  }));
  const findings: Finding[] = kept.map((r) => ({
    tool: "spectral",
    severity: r.severity === 0 ? "error" : "warn",
    rule: String(r.code),
    message: r.message,
    ...at(r.path),
  }));
  return [...findings, ...stale];
}

/** Both linters of one document, each problem once. */
export async function lintDocument(service: Service, bundleText: string, rootFile = documentPath(service)): Promise<Finding[]> {
  const [source, bundle] = await Promise.all([lintSource(service, rootFile), lintBundle(service, bundleText, rootFile)]);
  return dedupeFindings([...source, ...bundle]);
}

