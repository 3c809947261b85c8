/**
 * Issue 27, finding 8: `cloud-interfaces docs` (runtime/cli/static-server.ts) serves the site
 * read-only: GET and HEAD only, nothing outside the site folder (symlinks included), and a file
 * that cannot be read is a 500, not a dead process.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ownHosts, serveStatic } from "../../runtime/cli/static-server.js";

let dir: string;
let site: string;
let url: string;
let close: () => void;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "docs-server-"));
  site = join(dir, "site");
  mkdirSync(site);
  writeFileSync(join(site, "index.html"), "<!doctype html><title>site</title>");
  writeFileSync(join(site, "broken.html"), "never read");
  writeFileSync(join(dir, "outside-secret.txt"), "OUTSIDE-SECRET");
  symlinkSync(join(dir, "outside-secret.txt"), join(site, "leak.txt"));
  symlinkSync(dir, join(site, "up"));
  const failing = async (file: string) => {
    if (file.endsWith("broken.html")) throw Object.assign(new Error("EIO: i/o error, read"), { code: "EIO" });
    const { readFile } = await import("node:fs/promises");
    return readFile(file);
  };
  const started = await serveStatic(site, 0, "127.0.0.1", { readFile: failing });
  url = started.url;
  close = () => started.server.close();
});
afterAll(() => {
  close();
  rmSync(dir, { recursive: true, force: true });
});

describe("docs server", () => {
  it("answers GET and HEAD; PUT, DELETE, POST and TRACE get 405 with Allow", async () => {
    expect((await fetch(`${url}/`)).status).toBe(200);
    const head = await fetch(`${url}/index.html`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
    for (const method of ["PUT", "DELETE", "POST", "PATCH"]) {
      const r = await fetch(`${url}/index.html`, { method, body: method === "DELETE" ? null : "x" });
      expect(r.status, method).toBe(405);
      expect(r.headers.get("allow")).toBe("GET, HEAD");
      expect(await r.text()).not.toContain("<title>");
    }
    // fetch refuses TRACE; a raw request shows it.
    const { request } = await import("node:http");
    const status = await new Promise<number>((resolve, reject) => request(`${url}/index.html`, { method: "TRACE" }, (res) => (res.resume(), resolve(res.statusCode!))).on("error", reject).end());
    expect(status).toBe(405);
  });

  it("does not follow a symlink out of the site folder", async () => {
    for (const path of ["/leak.txt", "/up/outside-secret.txt"]) {
      const r = await fetch(`${url}${path}`);
      expect(r.status, path).toBe(404);
      expect(await r.text()).not.toContain("OUTSIDE-SECRET");
    }
  });

  /** A raw request with the Host header given (fetch sets its own). */
  async function withHost(host: string, path = "/index.html"): Promise<{ status: number; headers: Record<string, unknown> }> {
    const { request } = await import("node:http");
    return new Promise((resolve, reject) =>
      request(`${url}${path}`, { headers: { host } }, (res) => (res.resume(), resolve({ status: res.statusCode!, headers: res.headers }))).on("error", reject).end(),
    );
  }

  it("forbids framing and sniffing on every answer, whatever its status (a <meta> policy cannot carry frame-ancestors)", async () => {
    const port = new URL(url).port;
    const answers = [await fetch(`${url}/`), await fetch(`${url}/missing.html`), await fetch(`${url}/index.html`, { method: "POST", body: "x" }), await fetch(`${url}/broken.html`)];
    expect(answers.map((r) => r.status)).toEqual([200, 404, 405, 500]);
    for (const r of answers) {
      expect(r.headers.get("content-security-policy"), String(r.status)).toBe("frame-ancestors 'none'");
      expect(r.headers.get("x-frame-options")).toBe("DENY");
      expect(r.headers.get("x-content-type-options")).toBe("nosniff");
    }
    expect((await withHost(`evil.example:${port}`)).headers["x-frame-options"]).toBe("DENY");
  });

  it("says in the README what it does: the loopback names it lists answer, any other name gets 421", async () => {
    const port = new URL(url).port;
    const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
    const claim = readme.slice(readme.indexOf("`docs --port` is for reading"), readme.indexOf("**Publish the reference.**"));
    const named = [...claim.matchAll(/`http:\/\/([^/`]+):8080\/`/g)].map((m) => m[1]!);
    expect(named).toEqual(["127.0.0.1", "localhost", "[::1]"]);
    for (const host of named) expect((await withHost(`${host}:${port}`)).status, host).toBe(200);
    expect(claim).toMatch(/Any other\s+name gets 421, even one that resolves to 127\.0\.0\.1/);
    expect((await withHost(`rebound.example:${port}`)).status).toBe(421);
  });

  it("on loopback answers only its own Host: another name resolving to it (DNS rebinding) gets 421 and no file", async () => {
    const port = new URL(url).port;
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `LOCALHOST:${port}`, `[::1]:${port}`]) expect((await withHost(host)).status, host).toBe(200);
    for (const host of [`evil.example:${port}`, "127.0.0.1", `127.0.0.1:${Number(port) + 1}`, `localhost.evil.example:${port}`]) {
      expect((await withHost(host)).status, host).toBe(421);
    }
    const { request } = await import("node:http");
    const body = await new Promise<string>((resolve, reject) =>
      request(`${url}/index.html`, { headers: { host: `evil.example:${port}` } }, (res) => {
        let text = "";
        res.on("data", (c) => (text += c)).on("end", () => resolve(text));
      }).on("error", reject).end(),
    );
    expect(body).not.toContain("<title>");
    // Bound to another address on purpose (--host), the server answers any name it is reached by.
    expect(ownHosts("0.0.0.0", 80)).toBeUndefined();
    expect([...ownHosts("127.0.0.1", 8080)!].sort()).toEqual(["127.0.0.1:8080", "[::1]:8080", "localhost:8080"]);
  });

  it("answers 500 when a file cannot be read, and keeps serving", async () => {
    expect((await fetch(`${url}/broken.html`)).status).toBe(500);
    expect((await fetch(`${url}/index.html`)).status).toBe(200);
  });
});
