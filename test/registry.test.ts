import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { expectedExports } from "../scripts/lib/package-exports.js";
import { ROOT } from "../scripts/lib/paths.js";
import { documentPath, readServices, selectServices } from "../scripts/lib/services.js";

describe("service registry (openapi/services.json)", () => {
  const services = readServices();

  it("lists the six documents of the product", () => {
    expect(services.map((s) => s.document).sort()).toEqual(
      ["identity-v3.yaml", "identity-v4.yaml", "kms-v2.yaml", "metrics-v1.yaml", "notifications-v1.yaml", "widget.yaml"],
    );
  });

  // The interface documents (../shared/seeds) are the writers' source, not part of a clone, so only the name is checked.
  it.each(services.map((s) => [s.id, s] as const))("%s has its document and names its interface document", (_id, s) => {
    expect(existsSync(documentPath(s)), `openapi/${s.document}`).toBe(true);
    expect(s.seed).toMatch(/^\d{3}_[0-9a-f]{16}\.txt$/);
  });

  it("agrees with redocly.yaml", () => {
    const config = parse(readFileSync(join(ROOT, "redocly.yaml"), "utf8"));
    expect(Object.fromEntries(Object.entries<any>(config.apis).map(([k, v]) => [k, v.root]))).toEqual(
      Object.fromEntries(services.map((s) => [s.id, `openapi/${s.document}`])),
    );
  });

  it("gives every service its package entry point, and package.json exports nothing else", () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
    expect(pkg.exports, "run npm run sync-exports").toEqual(expectedExports(services));
    for (const s of services) {
      expect(existsSync(join(ROOT, "generated", s.id, "index.ts")), s.id).toBe(true);
      if (s.family) expect(existsSync(join(ROOT, "runtime", s.family, "index.ts")), `runtime/${s.family}`).toBe(true);
    }
  });

  it("rejects an unknown service id with a clear error", () => {
    expect(() => selectServices(["nope"])).toThrow(/Unknown service id\(s\): nope/);
  });
});
