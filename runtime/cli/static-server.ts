import { readFile as readFileFromDisk, realpath, stat } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import { extname, join, sep } from "node:path";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".json": "application/json",
  ".yaml": "application/yaml",
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
 * Serves a folder on loopback, read-only: GET and HEAD (405 otherwise), files whose real path
 * (symlinks resolved) is inside the folder, a malformed path 400, a file that cannot be read
 * 500. Nothing a request does takes the process down.
 */
export async function serveStatic(dir: string, port = 0, host = "127.0.0.1", options: StaticOptions = {}): Promise<{ url: string; server: Server }> {
  const root = await realpath(dir);
  const read = options.readFile ?? readFileFromDisk;
  const text = (status: number, body: string, headers: Record<string, string> = {}) => ({ status, headers: { "content-type": "text/plain", ...headers }, body: Buffer.from(body) });

  async function answer(method: string | undefined, url: string | undefined) {
    if (method !== "GET" && method !== "HEAD") return text(405, "method not allowed", { allow: "GET, HEAD" });
    const pathname = decodePath(url);
    if (pathname === undefined || pathname.includes("\0")) return text(400, "bad request path");
    let file: string;
    try {
      // The real path, so a symlink inside the folder cannot lead out of it.
      file = await realpath(join(root, pathname.endsWith("/") ? `${pathname}index.html` : pathname));
      if (!file.startsWith(root + sep) || !(await stat(file)).isFile()) return text(404, "not found");
    } catch {
      return text(404, "not found");
    }
    try {
      return { status: 200, headers: { "content-type": TYPES[extname(file)] ?? "application/octet-stream" }, body: await read(file) };
    } catch {
      return text(500, "the file could not be read");
    }
  }

  let allowedHosts: Set<string> | undefined;
  const server = createServer((req, res) => {
    res.on("error", () => {});
    const misdirected = allowedHosts && !allowedHosts.has(String(req.headers.host ?? "").toLowerCase());
    (misdirected ? Promise.resolve(text(421, "misdirected request: this server answers only its own address")) : answer(req.method, req.url))
      .catch(() => text(500, "internal error"))
      .then(({ status, headers, body }) => {
        res.writeHead(status, { ...SECURITY_HEADERS, ...headers, "content-length": String(body.byteLength) });
        res.end(req.method === "HEAD" ? undefined : body);
      });
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      const address = server.address() as { port: number };
      allowedHosts = ownHosts(host, address.port);
      resolve({ url: `http://${host}:${address.port}`, server });
    });
  });
}
