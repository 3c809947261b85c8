import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse as parseYaml } from "yaml";
import { lint as redoclyLint, loadConfig } from "@redocly/openapi-core";
import { Document, Spectral } from "@stoplight/spectral-core";
import spectralParsers from "@stoplight/spectral-parsers";
import { createRequire } from "node:module";
import { ROOT } from "./paths.js";
import { documentPath, type Service } from "./services.js";

// CommonJS package: its named exports only exist on the default export under ESM.
const Parsers = spectralParsers as unknown as typeof import("@stoplight/spectral-parsers");

export interface Finding {
  tool: "redocly" | "spectral";
  severity: "error" | "warn";
  rule: string;
  message: string;
  where: string;
}

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

const sourceCache = new Map<string, unknown>();

/** The in-document exception for a rule at a pointer of a source file (root document or fragment), if any. */
function sourceException(file: string, pointer: string, rule: string): string | undefined {
  if (!sourceCache.has(file)) sourceCache.set(file, parseYaml(readFileSync(file.replace(/^file:\/\//, ""), "utf8")));
  let node: any = sourceCache.get(file);
  const keys = pointer.replace(/^#\/?/, "").split("/").filter(Boolean).map((k) => decodeURIComponent(k).replace(/~1/g, "/").replace(/~0/g, "~"));
  for (let i = 0; ; i++) {
    const reason = node?.[EXCEPTIONS]?.[rule];
    if (typeof reason === "string") return reason;
    if (i === keys.length || node === undefined) return undefined;
    node = node?.[keys[i]!];
  }
}

/** Redocly lints the source (it follows $refs into shared fragments), with example validation on. */
export async function lintSource(service: Service): Promise<Finding[]> {
  const config = await loadRedoclyConfig();
  const problems = await redoclyLint({ ref: documentPath(service), config: config.forAlias(service.id) });
  return problems
    .filter((p) => {
      const at = p.location[0];
      return !at || !sourceException(at.source.absoluteRef, at.pointer ?? "#/", p.ruleId);
    })
    .map((p) => ({
      tool: "redocly" as const,
      severity: p.severity === "error" ? ("error" as const) : ("warn" as const),
      rule: p.ruleId,
      message: p.message,
      where: p.location[0] ? `${p.location[0].source.absoluteRef}#${p.location[0].pointer}` : service.document,
    }));
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
  const unused: { where: string; rule: string }[] = [];
  const walk = (node: any, trail: string[]) => {
    if (!node || typeof node !== "object") return;
    for (const rule of Object.keys(node[EXCEPTIONS] ?? {})) {
      // Exceptions for Redocly's rules are honoured by lintSource; only Spectral's are checked for use here.
      if (spectralRules.has(rule) && !used.has(`${trail.join("/")}|${rule}`)) unused.push({ where: `#/${trail.join("/")}`, rule });
    }
    for (const [k, v] of Object.entries(node)) if (k !== EXCEPTIONS) walk(v, [...trail, k]);
  };
  walk(doc, []);
  return { kept, unused };
}

/** Spectral lints the bundle: its oas3-schema check misreads external $refs in 3.1 path items. */
export async function lintBundle(service: Service, bundleText: string, bundleFile: string): Promise<Finding[]> {
  const spectral = await loadSpectral();
  const results = await spectral.run(new Document(bundleText, Parsers.Json, bundleFile));
  const rules = new Set(Object.keys(spectral.ruleset?.rules ?? {}));
  const { kept, unused } = applyExceptions(JSON.parse(bundleText), results.filter((r) => r.severity <= 1), rules);
  const stale: Finding[] = unused.map((u) => ({
    tool: "spectral" as const,
    severity: "error" as const,
    rule: "project-unused-lint-exception",
    message: `x-lint-exceptions names ${u.rule}, which reports nothing here: remove the exception`,
    where: `${service.id} bundle ${u.where}`,
  }));
  const findings: Finding[] = kept.map((r) => ({
      tool: "spectral" as const,
      severity: r.severity === 0 ? ("error" as const) : ("warn" as const),
      rule: String(r.code),
      message: r.message,
      where: `${service.id} bundle #/${r.path.join("/")}`,
  }));
  return [...findings, ...stale];
}

export { formatFindings } from "./format-findings.js";

