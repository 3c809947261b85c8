/**
 * `docs --out` (runtime/cli/export-site.ts): the site's files copied for a static host, without
 * the build's cache key, with a `_headers` file carrying the docs server's security headers;
 * never into the site itself or onto a file. The copy served at a subpath, Try it included, is
 * test/site/publish.test.ts (Chromium).
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportSite, headersFile } from "../../runtime/cli/export-site.js";
import { SECURITY_HEADERS } from "../../runtime/cli/static-server.js";

let dir: string;
let site: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "export-site-"));
  site = join(dir, "site");
  mkdirSync(join(site, "assets", "tryit"), { recursive: true });
  writeFileSync(join(site, "index.html"), "<!doctype html><title>index</title>");
  writeFileSync(join(site, "assets", "tryit", "loader.js"), "// loader");
  writeFileSync(join(site, "mockServiceWorker.js"), "// worker");
  writeFileSync(join(site, ".inputs-sha256"), "cache key");
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const listing = (root: string) => (readdirSync(root, { recursive: true, encoding: "utf8" }) as string[]).map((f) => f.split("\\").join("/")).sort();

describe("docs --out", () => {
  it("copies every file of the site but the build's cache key, and adds _headers", () => {
    const out = join(dir, "public", "docs");
    const result = exportSite(site, out);
    expect(listing(out)).toEqual(["_headers", "assets", "assets/tryit", "assets/tryit/loader.js", "index.html", "mockServiceWorker.js"]);
    expect(result.files).toBe(4);
    expect(readFileSync(join(out, "index.html"), "utf8")).toBe("<!doctype html><title>index</title>");
    expect(readFileSync(join(out, "_headers"), "utf8")).toBe(headersFile());
    expect(headersFile()).toBe("/*\n  Content-Security-Policy: frame-ancestors 'none'\n  X-Frame-Options: DENY\n  X-Content-Type-Options: nosniff\n  Referrer-Policy: no-referrer\n");
    expect(Object.keys(SECURITY_HEADERS)).toHaveLength(4);
  });

  it("writes again over its own copy and leaves the folder's other files alone", () => {
    const out = join(dir, "again");
    mkdirSync(out);
    writeFileSync(join(out, "other.txt"), "mine");
    writeFileSync(join(out, "index.html"), "stale");
    exportSite(site, out);
    exportSite(site, out);
    expect(readFileSync(join(out, "other.txt"), "utf8")).toBe("mine");
    expect(readFileSync(join(out, "index.html"), "utf8")).toBe("<!doctype html><title>index</title>");
  });

  it("refuses the site itself, a folder inside it, and a file", () => {
    expect(() => exportSite(site, site)).toThrow(/is inside the installed site/);
    expect(() => exportSite(site, join(site, "assets", "copy"))).toThrow(/is inside the installed site/);
    writeFileSync(join(dir, "a-file"), "x");
    expect(() => exportSite(site, join(dir, "a-file"))).toThrow(/exists and is not a folder/);
  });
});
