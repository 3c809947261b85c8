/**
 * The supply-chain check, as pure steps: the lockfile's runtime packages must be pinned by a
 * sha512 integrity from the npm registry and agree with package.json; npm audit's answer is
 * read as clean, advisories found, or not checked. "Not checked" is its own outcome, printed
 * as such and never as clean: a check that could not run cannot pass for one that did.
 */

export type AdvisoryOutcome =
  | { status: "clean"; vulnerabilities: Record<string, number> }
  | { status: "found"; high: number; critical: number; vulnerabilities: Record<string, number> }
  | { status: "not-checked"; reason: string };

/** Reads `npm audit --json` output, whatever npm printed (a report, an error object or nothing). */
export function readAudit(stdout: string): AdvisoryOutcome {
  let report: any;
  try {
    report = JSON.parse(stdout);
  } catch {
    return { status: "not-checked", reason: "npm audit gave no JSON report" };
  }
  if (typeof report?.statusCode === "number") return { status: "not-checked", reason: `registry refused: ${report.statusCode}` };
  if (report?.error) {
    const reason = [report.error.code, report.error.summary].filter(Boolean).join(": ");
    return { status: "not-checked", reason: reason || "npm audit reported an error" };
  }
  const vulnerabilities = report?.metadata?.vulnerabilities;
  if (!vulnerabilities || typeof vulnerabilities !== "object") return { status: "not-checked", reason: "npm audit returned no advisory counts" };
  const high = Number(vulnerabilities.high ?? 0);
  const critical = Number(vulnerabilities.critical ?? 0);
  return high + critical > 0 ? { status: "found", high, critical, vulnerabilities } : { status: "clean", vulnerabilities };
}

export interface LockfileCheck {
  /** "name@version" of every runtime package. */
  runtime: string[];
  problems: string[];
}

export function checkLockfile(lock: any, manifest: any): LockfileCheck {
  const problems: string[] = [];
  const packages: Record<string, any> = lock?.packages ?? {};
  if (typeof lock?.lockfileVersion !== "number" || lock.lockfileVersion < 2) problems.push(`lockfileVersion ${lock?.lockfileVersion ?? "missing"}: npm 7 or later lockfile (with integrity per package) required`);
  const runtime = Object.entries(packages).filter(([path, p]) => path.startsWith("node_modules/") && !p.dev);
  for (const [path, p] of runtime) {
    if (!/^sha512-[A-Za-z0-9+/]+={0,2}$/.test(p.integrity ?? "")) problems.push(`${path}: no sha512 integrity (${p.integrity ?? "none"})`);
    // This npm records no `resolved` URL; a non-registry source (git, file, tarball URL) would show one.
    if (p.resolved !== undefined && !String(p.resolved).startsWith("https://registry.npmjs.org/")) problems.push(`${path}: from outside the registry (${p.resolved})`);
  }
  const declared: Record<string, string> = manifest?.dependencies ?? {};
  const locked: Record<string, string> = packages[""]?.dependencies ?? {};
  for (const [name, range] of Object.entries(declared)) {
    if (locked[name] !== range) problems.push(`${name}: package.json asks ${range}, the lockfile records ${locked[name] ?? "nothing"} (run npm install)`);
    else if (!packages[`node_modules/${name}`]) problems.push(`${name}: declared but not in the lockfile's packages`);
  }
  return { runtime: runtime.map(([path, p]) => `${path.replace(/^.*node_modules\//, "")}@${p.version}`), problems };
}

export interface SupplyChainResult {
  /** 0 ok (advisories checked and clean, or not checked and said so); 1 a failure; 3 not checked under --strict. */
  code: 0 | 1 | 3;
  lines: string[];
}

export function summarize(lockfile: LockfileCheck, advisories: AdvisoryOutcome, options: { strict?: boolean } = {}): SupplyChainResult {
  const lines = [`runtime packages: ${lockfile.runtime.join(", ") || "none"}`];
  if (lockfile.problems.length > 0) lines.push(`lockfile: FAILED\n${lockfile.problems.map((p) => `  ${p}`).join("\n")}`);
  else lines.push("lockfile: ok (every runtime package pinned by a sha512 integrity from the npm registry, in step with package.json)");
  if (advisories.status === "clean") lines.push(`advisories: clean ${JSON.stringify(advisories.vulnerabilities)}`);
  else if (advisories.status === "found") lines.push(`advisories: FAILED, ${advisories.high} high and ${advisories.critical} critical in runtime dependencies`);
  else lines.push(`advisories: not checked (${advisories.reason})`);

  const failed = lockfile.problems.length > 0 || advisories.status === "found";
  const unchecked = advisories.status === "not-checked";
  if (failed) lines.push("supply-chain: FAILED");
  else if (unchecked) lines.push(`supply-chain: lockfile ok, advisories NOT CHECKED${options.strict ? " (--strict: failing)" : ""}`);
  else lines.push("supply-chain: ok");
  return { code: failed ? 1 : unchecked && options.strict ? 3 : 0, lines };
}
