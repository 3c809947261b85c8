/**
 * The supply-chain check says "not checked" when the advisory endpoint refuses (never
 * "clean"), fails on advisories, and fails on a lockfile integrity problem whatever the
 * advisories say.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../scripts/lib/paths.js";
import { checkLockfile, readAudit, summarize, type AdvisoryOutcome } from "../scripts/lib/supply-chain.js";

const lock = JSON.parse(readFileSync(join(ROOT, "package-lock.json"), "utf8"));
const manifest = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
/** What `npm audit --json` prints here: the registry answers the bulk advisory POST with 405. */
const refused = JSON.stringify({
  message: "405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk",
  method: "POST",
  uri: "https://registry.npmjs.org/-/npm/v1/security/advisories/bulk",
  statusCode: 405,
  body: "",
  error: { summary: "", detail: "" },
});
const report = (vulnerabilities: Record<string, number>) => JSON.stringify({ auditReportVersion: 2, vulnerabilities: {}, metadata: { vulnerabilities } });
const zero = { info: 0, low: 0, moderate: 0, high: 0, critical: 0, total: 0 };

/** The real lockfile with one runtime package's integrity replaced. */
function tampered(integrity: string | undefined): any {
  const copy = structuredClone(lock);
  const [path] = Object.entries<any>(copy.packages).find(([p, v]) => p.startsWith("node_modules/") && !v.dev)!;
  if (integrity === undefined) delete copy.packages[path].integrity;
  else copy.packages[path].integrity = integrity;
  return copy;
}

describe("advisories", () => {
  it("a 405 from the registry is 'not checked (registry refused: 405)'", () => {
    expect(readAudit(refused)).toEqual({ status: "not-checked", reason: "registry refused: 405" });
  });

  it.each([
    ["no output", ""],
    ["an npm error object", JSON.stringify({ error: { code: "ENOAUDIT", summary: "endpoint gone" } })],
    ["an error object without details", JSON.stringify({ error: {} })],
    ["a report without counts", JSON.stringify({ metadata: {} })],
  ])("%s is not checked", (_name, stdout) => {
    expect(readAudit(stdout).status).toBe("not-checked");
  });

  it("names npm's error code and summary", () => {
    expect(readAudit(JSON.stringify({ error: { code: "ENOAUDIT", summary: "endpoint gone" } }))).toEqual({ status: "not-checked", reason: "ENOAUDIT: endpoint gone" });
  });

  it("reads clean and found reports", () => {
    expect(readAudit(report(zero))).toEqual({ status: "clean", vulnerabilities: zero });
    expect(readAudit(report({ ...zero, high: 1 }))).toMatchObject({ status: "found", high: 1, critical: 0 });
    expect(readAudit(report({ ...zero, critical: 2 }))).toMatchObject({ status: "found", high: 0, critical: 2 });
    expect(readAudit(report({ ...zero, moderate: 3, low: 1 })).status).toBe("clean");
  });
});

describe("lockfile", () => {
  it("the project's lockfile passes and lists the runtime packages", () => {
    const result = checkLockfile(lock, manifest);
    expect(result.problems).toEqual([]);
    expect(result.runtime).toEqual(expect.arrayContaining(Object.entries<string>(manifest.dependencies).map(([name, version]) => `${name}@${version}`)));
  });

  it.each([
    ["a missing integrity", undefined, /no sha512 integrity \(none\)/],
    ["a sha1 integrity", "sha1-3a6b8d0a1e5f2c4b7d9e0f1a2b3c4d5e6f7a8b9c", /no sha512 integrity \(sha1-/],
    ["a malformed sha512", "sha512-not base64!", /no sha512 integrity/],
  ])("fails %s", (_name, integrity, problem) => {
    expect(checkLockfile(tampered(integrity), manifest).problems).toEqual([expect.stringMatching(problem)]);
  });

  it("fails a package from outside the registry, an old lockfile and a lockfile out of step with package.json", () => {
    const git = structuredClone(lock);
    git.packages["node_modules/jose"].resolved = "git+ssh://git@example.com/jose.git";
    expect(checkLockfile(git, manifest).problems).toEqual([expect.stringMatching(/^node_modules\/jose: from outside the registry/)]);
    expect(checkLockfile({ ...lock, lockfileVersion: 1 }, manifest).problems).toEqual([expect.stringMatching(/^lockfileVersion 1/)]);
    const newer = { ...manifest, dependencies: { ...manifest.dependencies, jose: "9.9.9" } };
    expect(checkLockfile(lock, newer).problems).toEqual(["jose: package.json asks 9.9.9, the lockfile records 6.2.17 (run npm install)"]);
    const unlocked = structuredClone(lock);
    delete unlocked.packages["node_modules/jose"];
    expect(checkLockfile(unlocked, manifest).problems).toEqual(["jose: declared but not in the lockfile's packages"]);
  });
});

describe("outcome", () => {
  const notChecked: AdvisoryOutcome = { status: "not-checked", reason: "registry refused: 405" };

  it("not checked is printed as such, never as clean, and passes unless --strict", () => {
    const result = summarize(checkLockfile(lock, manifest), readAudit(refused));
    expect(result.code).toBe(0);
    expect(result.lines).toContain("advisories: not checked (registry refused: 405)");
    expect(result.lines.at(-1)).toBe("supply-chain: lockfile ok, advisories NOT CHECKED");
    expect(result.lines.join("\n")).not.toMatch(/clean/);
    expect(summarize(checkLockfile(lock, manifest), notChecked, { strict: true })).toMatchObject({ code: 3 });
  });

  it("a lockfile integrity problem fails even when advisories could not be checked", () => {
    const result = summarize(checkLockfile(tampered("sha1-abc"), manifest), notChecked);
    expect(result.code).toBe(1);
    expect(result.lines.at(-1)).toBe("supply-chain: FAILED");
    expect(result.lines.join("\n")).toMatch(/lockfile: FAILED\n {2}node_modules\/\S+: no sha512 integrity \(sha1-abc\)/);
  });

  it("advisories found fail; clean passes and says clean", () => {
    const ok = checkLockfile(lock, manifest);
    expect(summarize(ok, { status: "found", high: 1, critical: 0, vulnerabilities: {} })).toMatchObject({ code: 1 });
    expect(summarize(ok, { status: "found", high: 1, critical: 0, vulnerabilities: {} }).lines).toContain("advisories: FAILED, 1 high and 0 critical in runtime dependencies");
    const clean = summarize(ok, { status: "clean", vulnerabilities: zero });
    expect(clean.code).toBe(0);
    expect(clean.lines.slice(-2)).toEqual([`advisories: clean ${JSON.stringify(zero)}`, "supply-chain: ok"]);
  });
});

describe("exact outcomes on small inputs", () => {
  const integrity = "sha512-" + "A".repeat(86) + "==";
  const small = (packages: Record<string, unknown>, version: unknown = 3) => ({ lockfileVersion: version, packages });
  const root = { "": { dependencies: { a: "1.0.0" } }, "node_modules/a": { version: "1.0.0", integrity }, "node_modules/a/node_modules/b": { version: "2.0.0", integrity }, "node_modules/d": { version: "0.1.0", dev: true } };

  it("reads what npm audit printed, whatever its shape", () => {
    expect(readAudit("not json")).toEqual({ status: "not-checked", reason: "npm audit gave no JSON report" });
    expect(readAudit("null")).toEqual({ status: "not-checked", reason: "npm audit returned no advisory counts" });
    expect(readAudit("{}")).toEqual({ status: "not-checked", reason: "npm audit returned no advisory counts" });
    expect(readAudit(JSON.stringify({ metadata: { vulnerabilities: 5 } }))).toEqual({ status: "not-checked", reason: "npm audit returned no advisory counts" });
    expect(readAudit(JSON.stringify({ error: { code: "E1", summary: "" } }))).toEqual({ status: "not-checked", reason: "E1" });
    expect(readAudit(JSON.stringify({ error: { summary: "only a summary" } }))).toEqual({ status: "not-checked", reason: "only a summary" });
    expect(readAudit(JSON.stringify({ error: {} }))).toEqual({ status: "not-checked", reason: "npm audit reported an error" });
    expect(readAudit(JSON.stringify({ statusCode: "405" }))).toEqual({ status: "not-checked", reason: "npm audit returned no advisory counts" });
    expect(readAudit(JSON.stringify({ metadata: { vulnerabilities: { high: "2" } } }))).toEqual({ status: "found", high: 2, critical: 0, vulnerabilities: { high: "2" } });
  });

  it("checks a small lockfile: versions, integrity, registry, agreement with package.json", () => {
    expect(checkLockfile(small(root), { dependencies: { a: "1.0.0" } })).toEqual({ runtime: ["a@1.0.0", "b@2.0.0"], problems: [] });
    expect(checkLockfile(small(root, 2), { dependencies: { a: "1.0.0" } }).problems).toEqual([]);
    expect(checkLockfile(null, null)).toEqual({ runtime: [], problems: ["lockfileVersion missing: npm 7 or later lockfile (with integrity per package) required"] });
    expect(checkLockfile(small(root, "3"), {}).problems).toEqual(["lockfileVersion 3: npm 7 or later lockfile (with integrity per package) required"]);
    const registry = { "node_modules/a": { version: "1.0.0", integrity, resolved: "https://registry.npmjs.org/a/-/a-1.0.0.tgz" } };
    expect(checkLockfile(small(registry), {}).problems).toEqual([]);
    expect(checkLockfile(small({ "node_modules/a": { version: "1.0.0", integrity: `x${integrity}` } }), {}).problems).toEqual([`node_modules/a: no sha512 integrity (x${integrity})`]);
    expect(checkLockfile(small({ "node_modules/a": { version: "1.0.0", integrity: `${integrity}x` } }), {}).problems).toEqual([`node_modules/a: no sha512 integrity (${integrity}x)`]);
    expect(checkLockfile(small({}), { dependencies: { a: "1.0.0" } }).problems).toEqual(["a: package.json asks 1.0.0, the lockfile records nothing (run npm install)"]);
  });

  it("prints every line of the outcome", () => {
    const ok = checkLockfile(small(root), { dependencies: { a: "1.0.0" } });
    expect(summarize(ok, { status: "clean", vulnerabilities: { high: 0 } })).toEqual({
      code: 0,
      lines: [
        "runtime packages: a@1.0.0, b@2.0.0",
        "lockfile: ok (every runtime package pinned by a sha512 integrity from the npm registry, in step with package.json)",
        'advisories: clean {"high":0}',
        "supply-chain: ok",
      ],
    });
    expect(summarize({ runtime: [], problems: ["p1", "p2"] }, { status: "not-checked", reason: "r" }, { strict: true })).toEqual({
      code: 1,
      lines: ["runtime packages: none", "lockfile: FAILED\n  p1\n  p2", "advisories: not checked (r)", "supply-chain: FAILED"],
    });
    expect(summarize(ok, { status: "not-checked", reason: "r" }, { strict: true })).toEqual({
      code: 3,
      lines: [
        "runtime packages: a@1.0.0, b@2.0.0",
        "lockfile: ok (every runtime package pinned by a sha512 integrity from the npm registry, in step with package.json)",
        "advisories: not checked (r)",
        "supply-chain: lockfile ok, advisories NOT CHECKED (--strict: failing)",
      ],
    });
  });
});
