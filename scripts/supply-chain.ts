/**
 * `npm run supply-chain`: no high or critical advisories in runtime dependencies (npm audit
 * --omit=dev). Where the registry offers no advisory endpoint (this workplace's mirror answers
 * 405), it says so plainly and still checks what can be checked offline: every runtime
 * package in package-lock.json is pinned by a sha512 integrity hash from the npm registry.
 */
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { ROOT } from "./lib/paths.js";

const run = promisify(execFile);

async function audit(): Promise<"clean" | "unavailable"> {
  const result = await run("npm", ["audit", "--omit=dev", "--json"], { cwd: ROOT }).then(
    (r) => r.stdout,
    (e: { stdout?: string }) => e.stdout ?? "",
  );
  const report = JSON.parse(result || "{}");
  if (report.error || !report.metadata) {
    const reason = [report.error?.code, report.error?.summary].filter(Boolean).join(": ") || "no report returned";
    console.log(`npm audit: advisory endpoint unavailable from this machine (${reason}); runtime dependencies checked by lockfile only`);
    return "unavailable";
  }
  const { high = 0, critical = 0 } = report.metadata.vulnerabilities ?? {};
  console.log(`npm audit (runtime dependencies): ${JSON.stringify(report.metadata.vulnerabilities)}`);
  if (high + critical > 0) throw new Error(`${high} high and ${critical} critical advisories in runtime dependencies`);
  return "clean";
}

function checkLockfile(): void {
  const lock = JSON.parse(readFileSync(join(ROOT, "package-lock.json"), "utf8"));
  const runtime = Object.entries<any>(lock.packages).filter(([path, p]) => path.startsWith("node_modules/") && !p.dev);
  // This npm records no `resolved` URL; a non-registry source (git, file, tarball URL) would show one.
  const bad = runtime.filter(([, p]) => !/^sha512-/.test(p.integrity ?? "") || (p.resolved !== undefined && !String(p.resolved).startsWith("https://registry.npmjs.org/")));
  console.log(`runtime packages: ${runtime.map(([path, p]) => `${path.replace(/^.*node_modules\//, "")}@${p.version}`).join(", ")}`);
  if (bad.length > 0) throw new Error(`runtime packages without a sha512 integrity or from outside the registry: ${bad.map(([path]) => path).join(", ")}`);
  console.log("lockfile: every runtime package pinned by a sha512 integrity hash, none from outside the registry");
}

try {
  checkLockfile();
  await audit();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
