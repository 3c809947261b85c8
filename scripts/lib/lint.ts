import { join } from "node:path";
import { formatProblems, lint as redoclyLint, loadConfig } from "@redocly/openapi-core";
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

/** Redocly lints the source (it follows $refs into shared fragments), with example validation on. */
export async function lintSource(service: Service): Promise<Finding[]> {
  const config = await loadRedoclyConfig();
  const problems = await redoclyLint({ ref: documentPath(service), config: config.forAlias(service.id) });
  return problems.map((p) => ({
      tool: "redocly" as const,
      severity: p.severity === "error" ? ("error" as const) : ("warn" as const),
      rule: p.ruleId,
      message: p.message,
      where: p.location[0] ? `${p.location[0].source.absoluteRef}#${p.location[0].pointer}` : service.document,
    }));
}

/** Spectral lints the bundle: its oas3-schema check misreads external $refs in 3.1 path items. */
export async function lintBundle(service: Service, bundleText: string, bundleFile: string): Promise<Finding[]> {
  const results = await (await loadSpectral()).run(new Document(bundleText, Parsers.Json, bundleFile));
  return results
    .filter((r) => r.severity <= 1)
    .map((r) => ({
      tool: "spectral" as const,
      severity: r.severity === 0 ? ("error" as const) : ("warn" as const),
      rule: String(r.code),
      message: r.message,
      where: `${service.id} bundle #/${r.path.join("/")}`,
    }));
}

export function formatFindings(findings: Finding[]): string {
  return findings.map((f) => `  ${f.severity.padEnd(5)} ${f.tool}/${f.rule}: ${f.message}\n        at ${f.where}`).join("\n");
}

export { formatProblems };
