import { createReadStream, existsSync, statSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { extname, join, normalize, sep } from "node:path";

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

/** Serves a folder on loopback; paths are confined to the folder, and a malformed path is a 400, never a crash. */
export function serveStatic(dir: string, port = 0, host = "127.0.0.1"): Promise<{ url: string; server: Server }> {
  const root = normalize(dir + sep);
  const server = createServer((req, res) => {
    const pathname = decodePath(req.url);
    if (pathname === undefined || pathname.includes("\0")) {
      res.writeHead(400, { "content-type": "text/plain" }).end("bad request path");
      return;
    }
    const file = normalize(join(root, pathname.endsWith("/") ? `${pathname}index.html` : pathname));
    if (!file.startsWith(root) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404, { "content-type": "text/plain" }).end("not found");
      return;
    }
    res.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" });
    createReadStream(file).pipe(res);
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      const address = server.address() as { port: number };
      resolve({ url: `http://${host}:${address.port}`, server });
    });
  });
}
