/**
 * `npm run breaking [-- --base <git ref>]`: fails when a document breaks its consumers compared
 * with the same document at the base ref (default: HEAD, i.e. your uncommitted changes).
 * A document new since the base is reported, not compared.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { diffBreaking } from "./lib/breaking.js";
import { bundleDocument } from "./lib/bundle.js";
import { ROOT } from "./lib/paths.js";
import { selectServices } from "./lib/services.js";

const { values } = parseArgs({ options: { base: { type: "string", default: "HEAD" } } });
const base = values.base!;
const dir = mkdtempSync(join(tmpdir(), "openapi-base-"));
let broken = 0;
try {
  // The whole openapi/ tree, so shared fragments resolve as they did at the base.
  execFileSync("sh", ["-c", `git -C "${ROOT}" archive "${base}" openapi | tar -x -C "${dir}"`]);
  for (const service of selectServices()) {
    const baseFile = join(dir, "openapi", service.document);
    if (!existsSync(baseFile)) {
      console.log(`${service.id}: new since ${base}, nothing to compare`);
      continue;
    }
    const changes = diffBreaking(await bundleDocument(service, baseFile), await bundleDocument(service));
    broken += changes.length;
    console.log(`${service.id}: ${changes.length === 0 ? "no breaking changes" : `${changes.length} breaking change(s)`}`);
    for (const c of changes) console.log(`  ${c.where}: ${c.change}`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
process.exit(broken > 0 ? 1 : 0);
