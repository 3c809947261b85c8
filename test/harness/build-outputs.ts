/** What a scratch build left on disk, for tests that prove a failed build changed nothing. */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import type { layoutFor } from "../../scripts/lib/paths.js";

/** Every file under generated/ and dist/ of `layout`, keyed by its path under `root`, with its modification time and content. */
export function snapshotOutputs(root: string, layout: ReturnType<typeof layoutFor>): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else out[relative(root, path)] = `${statSync(path).mtimeMs} ${readFileSync(path, "utf8")}`;
    }
  };
  walk(layout.generatedDir);
  walk(layout.distDir);
  return out;
}
