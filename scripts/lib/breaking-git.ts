/**
 * The gate against a git base: the base's openapi/ tree is read with `git archive`, services
 * are matched by id through both services.json files, and every document is bundled and
 * compared. No shell anywhere: git and tar get argument arrays, and the base ref is resolved
 * to a commit id (after --end-of-options) before anything else sees it.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { diffServices, errorsOf, formatChangelog, formatReport, type ServiceReport, type ServiceVersion } from "./breaking-report.js";
import { layoutFor, ROOT } from "./paths.js";
import { documentPath, readServices, selectServices } from "./services.js";

/** A base the gate cannot use: exit code 2, not a breaking change. */
export class GateUsageError extends Error {}

export function resolveCommit(ref: string, root = ROOT): string {
  try {
    return execFileSync("git", ["-C", root, "rev-parse", "--verify", "--quiet", "--end-of-options", `${ref}^{commit}`], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
  } catch {
    throw new GateUsageError(`--base ${JSON.stringify(ref)} is not a commit of this repository`);
  }
}

/** The whole openapi/ tree at the commit, so shared fragments resolve as they did then. */
function extractOpenapi(commit: string, root: string, dir: string): string {
  const archive = execFileSync("git", ["-C", root, "archive", "--format=tar", commit, "--", "openapi"], { maxBuffer: 1 << 28 });
  execFileSync("tar", ["-x", "-C", dir], { input: archive });
  return join(dir, "openapi");
}

export interface GateResult {
  code: 0 | 1;
  reports: ServiceReport[];
  output: string;
}

export async function runGate(options: { base?: string; changelog?: boolean; root?: string } = {}): Promise<GateResult> {
  const root = options.root ?? ROOT;
  const base = options.base ?? "HEAD";
  const commit = resolveCommit(base, root);
  // Loaded once the base is known to be a commit: a refused --base answers without loading the bundler.
  const { bundleDocument } = await import("./bundle.js");
  const dir = mkdtempSync(join(tmpdir(), "openapi-base-"));
  try {
    const baseDir = extractOpenapi(commit, root, dir);
    if (!existsSync(join(baseDir, "services.json"))) throw new GateUsageError(`${base} has no openapi/services.json to compare with`);
    const before: ServiceVersion[] = [];
    for (const service of readServices(baseDir)) {
      // Registered before its document was written: there is nothing to compare with.
      if (!existsSync(documentPath(service, baseDir))) continue;
      before.push({ service, doc: await bundleDocument(service, documentPath(service, baseDir)) });
    }
    const headDir = layoutFor(root).openapiDir;
    const after: ServiceVersion[] = [];
    for (const service of selectServices([], headDir)) after.push({ service, doc: await bundleDocument(service, documentPath(service, headDir)) });
    const reports = diffServices(before, after);
    return {
      code: errorsOf(reports).length > 0 ? 1 : 0,
      reports,
      output: options.changelog ? formatChangelog(reports) : formatReport(reports),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
