/**
 * `cloud-interfaces docs --out <dir>`: the reference site as files for any static host. Every
 * link, asset, document download and the try-it worker are relative to the page, so the folder
 * works at a host's root or under a subpath as it is. Besides the pages it writes `_headers`,
 * the file in which Netlify and Cloudflare Pages take response headers, with the headers the
 * docs server sends (framing forbidden); other hosts are told in the README.
 */
import { UsageError } from "../http/options.js";
import { cpSync, existsSync, mkdirSync, readdirSync, realpathSync, statSync, writeFileSync } from "node:fs";
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
 */
export function exportSite(site: string, out: string): ExportResult {
  const source = realpathSync(site);
  const target = resolve(out);
  if (existsSync(target) && !statSync(target).isDirectory()) throw new UsageError(`docs --out: ${out} exists and is not a folder`);
  const real = existsSync(target) ? realpathSync(target) : target;
  const inside = relative(source, real);
  if (inside === "" || (!inside.startsWith("..") && !inside.startsWith(sep) && !/^[A-Za-z]:/.test(inside))) {
    throw new UsageError(`docs --out: ${out} is inside the installed site (${source}); choose a folder outside it`);
  }
  mkdirSync(target, { recursive: true });
  cpSync(source, target, { recursive: true, filter: (from) => !BUILD_ONLY.has(relative(source, from)) });
  writeFileSync(join(target, HEADERS_FILE), headersFile());
  const count = (dir: string): number =>
    readdirSync(dir, { withFileTypes: true }).reduce((n, entry) => n + (entry.isDirectory() ? count(join(dir, entry.name)) : 1), 0);
  return { dir: target, files: count(target) };
}
