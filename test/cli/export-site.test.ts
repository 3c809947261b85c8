/**
 * `docs --out` (runtime/cli/export-site.ts): the site's files copied for a static host, without
 * the build's cache key, with a `_headers` file carrying the docs server's security headers;
 * never into the site itself or onto a file. The copy served at a subpath, Try it included, is
 * test/site/publish.test.ts (Chromium).
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
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

  it("refuses a symlink among the files it would write, naming it, and writes nothing through it or anywhere", () => {
    const outside = join(dir, "outside");
    mkdirSync(join(outside, "folder"), { recursive: true });
    writeFileSync(join(outside, "secret.txt"), "keep me");
    // _headers pointing at a file outside: the file must stay as it is.
    const out = join(dir, "linked-file");
    mkdirSync(out);
    symlinkSync(join(outside, "secret.txt"), join(out, "_headers"));
    expect(() => exportSite(site, out)).toThrow(new RegExp(`docs --out: ${join(out, "_headers").replace(/[\\^$.*+?()[\]{}|/]/g, "\\$&")} is a symbolic link`));
    expect(readFileSync(join(outside, "secret.txt"), "utf8")).toBe("keep me");
    expect(listing(out)).toEqual(["_headers"]);
    // assets pointing at a folder outside: nothing is written into it.
    const out2 = join(dir, "linked-folder");
    mkdirSync(out2);
    symlinkSync(join(outside, "folder"), join(out2, "assets"));
    expect(() => exportSite(site, out2)).toThrow(/assets is a symbolic link/);
    expect(readdirSync(join(outside, "folder"))).toEqual([]);
    expect(listing(out2)).toEqual(["assets"]);
    // A dangling link is refused too: writing would create its target.
    const out3 = join(dir, "dangling");
    mkdirSync(out3);
    symlinkSync(join(outside, "made-by-export.html"), join(out3, "index.html"));
    expect(() => exportSite(site, out3)).toThrow(/index\.html is a symbolic link/);
    expect(existsSync(join(outside, "made-by-export.html"))).toBe(false);
  });

  it("accepts an --out that is itself a symlink to a folder, and writes into that folder", () => {
    const real = join(dir, "real-target");
    mkdirSync(real);
    const link = join(dir, "link-to-folder");
    symlinkSync(real, link);
    const result = exportSite(site, link);
    expect(listing(real)).toEqual(["_headers", "assets", "assets/tryit", "assets/tryit/loader.js", "index.html", "mockServiceWorker.js"]);
    expect(result.files).toBe(4);
    expect(result.dir).toBe(realpathSync(real));
  });
});
