import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Emulator, MockHandler } from "./types.js";

/**
 * Serves a MockHandler over HTTP/1.1 on loopback: the server form of an emulator, for clients
 * that cannot take a fetch function (other processes, browsers, OAuth libraries that insist on
 * a real URL). Every request is answered; a handler that throws gives 500.
 */
export async function serveHandler(handler: MockHandler | Emulator, options: { port?: number; host?: string } = {}): Promise<{ url: string; close(): Promise<void> }> {
  const host = options.host ?? "127.0.0.1";
  const server = createServer((req, res) => void (typeof handler === "function" ? answer(handler, req, res, host) : answerFast(handler, req, res, host)));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function answer(handler: MockHandler, req: IncomingMessage, res: ServerResponse, host: string): Promise<void> {
  try {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
    const method = req.method ?? "GET";
    const body = method === "GET" || method === "HEAD" || chunks.length === 0 ? undefined : Buffer.concat(chunks);
    const request = new Request(`http://${req.headers.host ?? host}${req.url ?? "/"}`, { method, headers, body });
    const response = await handler(request);
    const out: Record<string, string | string[]> = {};
    response.headers.forEach((value, name) => {
      if (name !== "set-cookie") out[name] = value;
    });
    const cookies = response.headers.getSetCookie();
    if (cookies.length) out["set-cookie"] = cookies;
    res.writeHead(response.status, out);
    res.end(method === "HEAD" ? undefined : Buffer.from(await response.arrayBuffer()));
  } catch (error) {
    if (!res.headersSent) res.writeHead(500, { "content-type": "application/problem+json" });
    res.end(JSON.stringify({ title: "Emulator failure", detail: error instanceof Error ? error.message : String(error) }));
  }
}

/**
 * The emulator's own path: no WHATWG Request or Response objects, which on Node 20 cost several
 * times what the emulation does (measured with scripts/bench/emulator-load.ts).
 */
async function answerFast(emulator: Emulator, req: IncomingMessage, res: ServerResponse, host: string): Promise<void> {
  try {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const reply = await emulator.dispatch({
      method: req.method ?? "GET",
      url: `http://${req.headers.host ?? host}${req.url ?? "/"}`,
      headers: {
        get(name: string) {
          const value = req.headers[name.toLowerCase()];
          return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
        },
      },
      text: async () => Buffer.concat(chunks).toString("utf8"),
    });
    res.writeHead(reply.status, reply.headers);
    res.end(req.method === "HEAD" ? undefined : reply.body);
  } catch (error) {
    if (!res.headersSent) res.writeHead(500, { "content-type": "application/problem+json" });
    res.end(JSON.stringify({ title: "Emulator failure", detail: error instanceof Error ? error.message : String(error) }));
  }
}
