/**
 * `cloud-interfaces docs --out <dir>`: the reference site as files for any static host. Every
 * link, asset, document download and the try-it worker are relative to the page, so the folder
 * works at a host's root or under a subpath as it is. Besides the pages it writes `_headers`,
 * the file in which Netlify and Cloudflare Pages take response headers, with the headers the
 * docs server sends (framing forbidden); other hosts are told in the README.
 */
import { UsageError } from "./options.js";
import { closeSync, constants, existsSync, lstatSync, mkdirSync, openSync, readdirSync, readFileSync, realpathSync, statSync, writeFileSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";
import { SECURITY_HEADERS } from "./static-server.js";

/** The build's cache key: no part of the published site. */
const BUILD_ONLY = new Set([".inputs-sha256"]);
export const HEADERS_FILE = "_headers";

export function headersFile(): string {
  return `/*\n${Object.entries(SECURITY_HEADERS)
    .map(([name, value]) => `  ${name.replace(/(^|-)[a-z]/g, (c) => c.toUpperCase())}: ${value}`)
    .join("\n")}\n`;
}

export interface ExportResult {
  dir: string;
  files: number;
}

/**
 * Copies the built site into `out` (created if missing); files of the same name are replaced,
 * other files there are left alone. Refuses a target inside the site itself and one that is a file.
 * An `out` that is a symbolic link to a folder names that folder. Inside it nothing is written
 * through a symbolic link: every path the copy would write is checked first, and one that is a
 * link (to a file or a folder, inside or outside, or dangling) refuses the whole export before
 * anything is written; each file is then opened with O_NOFOLLOW, so a link made in between fails too.
 */
export function exportSite(site: string, out: string): ExportResult {
  const source = realpathSync(site);
  const given = resolve(out);
  const target = existsSync(given) ? realpathSync(given) : given;
  if (existsSync(target) && !statSync(target).isDirectory()) throw new UsageError(`docs --out: ${out} exists and is not a folder`);
  const inside = relative(source, target);
  if (inside === "" || (!inside.startsWith("..") && !inside.startsWith(sep) && !/^[A-Za-z]:/.test(inside))) {
    throw new UsageError(`docs --out: ${out} is inside the installed site (${source}); choose a folder outside it`);
  }
  const folders: string[] = [];
  const files: { to: string; bytes: () => Uint8Array | string }[] = [];
  (function walk(from: string) {
    for (const entry of readdirSync(from, { withFileTypes: true })) {
      const path = join(from, entry.name);
      const rel = relative(source, path);
      if (BUILD_ONLY.has(rel)) continue;
      if (entry.isDirectory()) {
        folders.push(rel);
        walk(path);
      } else if (entry.isFile()) files.push({ to: rel, bytes: () => readFileSync(path) });
    }
  })(source);
  files.push({ to: HEADERS_FILE, bytes: headersFile });
  const existing = (rel: string) => {
    try {
      return lstatSync(join(target, rel));
    } catch {
      return undefined;
    }
  };
  for (const [rel, folder] of [...folders.map((f) => [f, true] as const), ...files.map((f) => [f.to, false] as const)]) {
    const found = existing(rel);
    if (!found) continue;
    if (found.isSymbolicLink()) throw new UsageError(`docs --out: ${join(target, rel)} is a symbolic link; the site is never written through one (remove it, or choose another folder). Nothing was written.`);
    if (folder !== found.isDirectory()) throw new UsageError(`docs --out: ${join(target, rel)} is ${folder ? "not a folder" : "a folder"} where the site has ${folder ? "a folder" : "a file"}. Nothing was written.`);
  }
  mkdirSync(target, { recursive: true });
  for (const rel of folders) mkdirSync(join(target, rel), { recursive: true });
  for (const { to, bytes } of files) {
    const fd = openSync(join(target, to), constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | (constants.O_NOFOLLOW ?? 0), 0o644);
    try {
      writeFileSync(fd, bytes());
    } finally {
      closeSync(fd);
    }
  }
  return { dir: target, files: files.length };
}
