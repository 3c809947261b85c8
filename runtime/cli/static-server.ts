import { readFile as readFileFromDisk, realpath, stat } from "node:fs/promises";
import type { Server } from "node:http";
import { register, startFront } from "../http/front.js";
import { problemDetails } from "../http/error-shapes.js";
import { extname, join, sep } from "node:path";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".json": "application/json",
  ".yaml": "application/yaml",
  ".md": "text/markdown; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".css": "text/css",
  ".png": "image/png",
  ".svg": "image/svg+xml",
};

function decodePath(raw: string | undefined): string | undefined {
  try {
    return decodeURIComponent(new URL(raw ?? "/", "http://x").pathname);
  } catch {
    return undefined;
  }
}

export interface StaticOptions {
  /** How a file is read (tests inject a failing one); default fs.promises.readFile. */
  readFile?: (file: string) => Promise<Uint8Array>;
}

/**
 * Sent with every answer. The pages' own policy is a <meta> element, which cannot forbid
 * framing (browsers ignore frame-ancestors there): the try-it panel sends requests on a click,
 * so no other site may frame it. Static hosts should send the same (README, "Publish the reference").
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "content-security-policy": "frame-ancestors 'none'",
  "x-frame-options": "DENY",
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
};

const LOOPBACK = /^(127(\.\d{1,3}){3}|::1|localhost)$/i;

/**
 * The Host values a loopback server answers: its own address and `localhost`, with its port.
 * Another name pointing at 127.0.0.1 (DNS rebinding) is another site reaching the server
 * through the reader's browser; bound to another address, the server answers any Host.
 */
export function ownHosts(host: string, port: number): Set<string> | undefined {
  const bare = host.replace(/^\[|\]$/g, "");
  if (!LOOPBACK.test(bare)) return undefined;
  const names = new Set([bare.includes(":") ? `[${bare}]` : bare, "localhost", "127.0.0.1", "[::1]"]);
  return new Set([...names].map((name) => `${name}:${port}`.toLowerCase()));
}

/**
 * Serves a folder on loopback, read-only, on the package's one front end (runtime/http/front.ts:
 * its limits, timeouts and refusals): GET and HEAD (405 otherwise), files whose real path
 * (symlinks resolved) is inside the folder, a malformed path 400, a file that cannot be read
 * 500, all in RFC 9457 problem details. Nothing a request does takes the process down.
 */
export async function serveStatic(dir: string, port = 0, host = "127.0.0.1", options: StaticOptions = {}): Promise<{ url: string; server: Server; close(): Promise<void> }> {
  const root = await realpath(dir);
  const read = options.readFile ?? readFileFromDisk;
  const problem = (status: number, detail: string, headers: Record<string, string> = {}) =>
    new Response(problemDetails(status, detail), { status, headers: { "content-type": "application/problem+json", ...headers } });

  async function answer(request: Request): Promise<Response> {
    const { method } = request;
    if (method !== "GET" && method !== "HEAD") return problem(405, `${method.slice(0, 20)}: the docs server serves GET and HEAD only`, { allow: "GET, HEAD" });
    if (allowedHosts && !allowedHosts.has(String(request.headers.get("host") ?? "").toLowerCase())) {
      return problem(421, "misdirected request: this server answers only its own address");
    }
    const pathname = decodePath(new URL(request.url).pathname);
    if (pathname === undefined || pathname.includes("\0")) return problem(400, "bad request path");
    let file: string;
    try {
      // The real path, so a symlink inside the folder cannot lead out of it.
      file = await realpath(join(root, pathname.endsWith("/") ? `${pathname}index.html` : pathname));
      if (!file.startsWith(root + sep) || !(await stat(file)).isFile()) return problem(404, "not found");
    } catch {
      return problem(404, "not found");
    }
    try {
      return new Response(new Uint8Array(await read(file)), { status: 200, headers: { "content-type": TYPES[extname(file)] ?? "application/octet-stream" } });
    } catch {
      return problem(500, "the file could not be read");
    }
  }

  let allowedHosts: Set<string> | undefined;
  // No CORS: the site is for reading, not for other pages to call.
  const front = await startFront({ service: "docs", handler: answer, cors: false, headers: SECURITY_HEADERS }, { port, host });
  allowedHosts = ownHosts(host, front.port);
  return register({ url: `http://${host.includes(":") ? `[${host}]` : host}:${front.port}`, server: front.server, close: front.close }, front);
}
