/**
 * What package.json promises a user: the Node lines it claims (the same list CI runs the
 * consumer suite on), no install-time scripts in the manifest that ships, and optional peers
 * whose install lines the errors and the README name exactly.
 */
import { readFileSync } from "node:fs";
import semver from "semver";
import { describe, expect, it } from "vitest";
import { OPTIONAL_PEERS, installLine, type OptionalPeer } from "../../runtime/http/optional-peers.js";
import { nodeLines } from "../../scripts/lib/node-lines.js";

const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
  engines: { node: string };
  scripts: Record<string, string>;
  peerDependencies: Record<string, string>;
  peerDependenciesMeta: Record<string, { optional?: boolean }>;
};
const README = readFileSync(new URL("../../README.md", import.meta.url), "utf8");

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
  it.each(Object.keys(OPTIONAL_PEERS) as OptionalPeer[])("%s: the install line matches peerDependencies and is in the README", (peer) => {
    for (const spec of OPTIONAL_PEERS[peer].packages) {
      const at = spec.lastIndexOf("@");
      const name = spec.slice(0, at);
      expect(pkg.peerDependencies[name], name).toBe(spec.slice(at + 1));
      expect(pkg.peerDependenciesMeta[name]?.optional, name).toBe(true);
    }
    expect(README).toContain(installLine(peer));
  });

  it("every optional peer dependency belongs to one feature's install line", () => {
    const covered = Object.values(OPTIONAL_PEERS).flatMap((p) => p.packages.map((s) => s.slice(0, s.lastIndexOf("@"))));
    expect(covered.sort()).toEqual(Object.keys(pkg.peerDependencies).sort());
  });
});
