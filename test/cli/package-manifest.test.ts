/**
 * What package.json promises a user: the Node lines it claims (the same list CI runs the
 * consumer suite on), no install-time scripts in the manifest that ships, and optional peers
 * whose install lines the errors and the README name exactly.
 */
import { readFileSync } from "node:fs";
import { globSync } from "tinyglobby";
import semver from "semver";
import { describe, expect, it } from "vitest";
import { OPTIONAL_PEERS, installLine, type OptionalPeer } from "../../runtime/package/optional-peers.js";
import { nodeLines } from "../../scripts/lib/node-lines.js";
import { relativeLinks } from "../consumer/markdown-links.js";

const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
  engines: { node: string };
  scripts: Record<string, string>;
  files: string[];
  peerDependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  overrides?: Record<string, unknown>;
  peerDependenciesMeta: Record<string, { optional?: boolean }>;
};
const README = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
const lock = JSON.parse(readFileSync(new URL("../../package-lock.json", import.meta.url), "utf8")) as { packages: Record<string, { version?: string }> };

describe("Node lines", () => {
  it("engines admits every claimed line (.ci/node-lines: 22, 24, 26) and not end-of-life Node 20, nor 22 before MSW's 22.12", () => {
    expect(nodeLines().map((v) => v.split(".")[0])).toEqual(["22", "24", "26"]);
    for (const version of nodeLines()) expect(semver.satisfies(version, pkg.engines.node), version).toBe(true);
    for (const version of ["20.19.0", "20.20.2", "22.11.0", "23.5.0"]) expect(semver.satisfies(version, pkg.engines.node), version).toBe(false);
  });
});

describe("install scripts", () => {
  it("the manifest that ships runs nothing at install (the repository builds through the root-only `dependencies` script)", () => {
    for (const event of ["preinstall", "install", "postinstall", "prepare", "preprepare", "postprepare"]) expect(pkg.scripts[event], event).toBeUndefined();
    expect(pkg.scripts.dependencies).toBe("npm run build");
  });
});

describe("optional peers", () => {
  // A range, not a pin: npm takes an exact optional peer as a conflict with any other version in
  // the user's project. test/consumer/peers.test.ts installs both ends of each range.
  it.each(Object.keys(OPTIONAL_PEERS) as OptionalPeer[])("%s: a caret range of the tested major, whose install line names the version the lockfile pins, as the README does", (peer) => {
    for (const spec of OPTIONAL_PEERS[peer].packages) {
      const at = spec.lastIndexOf("@");
      const [name, version] = [spec.slice(0, at), spec.slice(at + 1)];
      const range = pkg.peerDependencies[name]!;
      expect(range, name).toMatch(/^\^\d+\.\d+\.\d+$/);
      expect(semver.satisfies(version, range), `${version} in ${range}`).toBe(true);
      expect(lock.packages[`node_modules/${name}`]?.version, name).toBe(version);
      expect(pkg.devDependencies[name], name).toBe(version);
      expect(pkg.peerDependenciesMeta[name]?.optional, name).toBe(true);
      expect(README).toContain(`\`${name}@${range}\``);
    }
    expect(README).toContain(installLine(peer));
  });

  it("needs no overrides: every Prism package the lockfile holds is one copy of the version the peers name", () => {
    expect(pkg.overrides).toBeUndefined();
    const prism = Object.entries(lock.packages).filter(([path]) => /(^|\/)node_modules\/@stoplight\/prism-(core|http)$/.test(path));
    for (const name of ["@stoplight/prism-core", "@stoplight/prism-http"]) {
      const copies = prism.filter(([path]) => path.endsWith(name)).map(([path, entry]) => `${path}@${entry.version}`);
      expect(copies, name).toEqual([`node_modules/${name}@${pkg.devDependencies[name]}`]);
    }
  });

  it("every optional peer dependency belongs to one feature's install line", () => {
    const covered = Object.values(OPTIONAL_PEERS).flatMap((p) => p.packages.map((s) => s.slice(0, s.lastIndexOf("@"))));
    expect(covered.sort()).toEqual(Object.keys(pkg.peerDependencies).sort());
  });
});

describe("what the README links", () => {
  // The packed tarball itself is checked by test/consumer/consumer.test.ts (test:e2e); this is the
  // fast form: each link names a file of the repository that package.json's `files` ships.
  it("every relative link of README.md names a file that package.json's files field ships", () => {
    const root = new URL("../..", import.meta.url).pathname;
    const shipped = new Set(globSync(pkg.files, { cwd: root, ignore: ["**/node_modules/**"] }));
    // Issue 46: the contributor guide is linked from the README's two repository commands only; it is the repository's, not the package's.
    const working = /^## Working on this repository\n([\s\S]*?)^## /m.exec(README)?.[1] ?? "";
    expect(relativeLinks(working)).toEqual(["CONTRIBUTING.md"]);
    const links = relativeLinks(README.replace(working, ""));
    expect(links.length).toBeGreaterThanOrEqual(2);
    expect(links.filter((link) => !shipped.has(link))).toEqual([]);
  });

  it("finds inline, image and reference links, and leaves out URLs, fragments and code", () => {
    const text = "[a](runtime/a.md) ![i](img/x.png \"t\") [b](https://x.test/b.md) [c](#here)\n`[d](d.md)`\n```md\n[e](e.md)\n```\n[ref]: docs/f.md#part\n[g](<g h.md>)";
    expect(relativeLinks(text)).toEqual(["runtime/a.md", "img/x.png", "g h.md", "docs/f.md"]);
  });
});

describe("the package's commands", () => {
  it("each bin the build wrote is executable (a project linked to the build runs it as a command)", async () => {
    const { statSync } = await import("node:fs");
    const bins = Object.values((JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { bin: Record<string, string> }).bin);
    expect(bins.length).toBeGreaterThan(0);
    for (const bin of bins) expect(statSync(new URL(`../../${bin}`, import.meta.url)).mode & 0o111, bin).toBe(0o111);
  });
});
