/**
 * Loopback servers that misbehave on purpose, for the verifier, the proxy and the clients: each
 * counts the bytes it managed to write, so a test proves that reading stopped at a limit by
 * counting, not by the clock. Writes wait for the socket to drain, so what a server wrote is
 * what the peer read plus what the two sockets' buffers hold.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { SERVICE_IDS, type ServiceId } from "../../generated/service-ids.js";
import { loadBundledDocument } from "../../runtime/emulator/documents.js";
import { firstExample } from "../../runtime/openapi/examples.js";
import { documentOperations } from "../../runtime/verify/operations.js";
import type { TableOperation } from "../../runtime/openapi/operation-table.js";
import { resolve } from "../../runtime/verify/pointer.js";

export interface HostileServer {
  url: string;
  /** Body bytes written so far, over every answer. */
  readonly written: number;
  /** Requests received. */
  readonly requests: number;
  /** Answers not yet ended or closed. */
  readonly open: number;
  close(): Promise<void>;
}

/** Never more than this from one answer, so a test whose limit does not hold ends anyway (and fails on the count). */
export const HARD_STOP_BYTES = 256 * 1024 * 1024;

type Answer = (req: IncomingMessage, res: ServerResponse, wrote: (n: number) => void) => void;

async function listen(answer: Answer, configure: (server: Server) => void = () => undefined): Promise<HostileServer> {
  let written = 0;
  let requests = 0;
  let open = 0;
  const server = createServer((req, res) => {
    requests++;
    open++;
    res.on("close", () => open--);
    req.resume();
    res.on("error", () => undefined);
    req.on("end", () => answer(req, res, (n) => (written += n)));
  });
  configure(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get written() {
      return written;
    },
    get requests() {
      return requests;
    },
    get open() {
      return open;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Writes `chunk` again and again, as fast as the peer reads, until the peer goes or HARD_STOP_BYTES. */
function pour(res: ServerResponse, chunk: Buffer, wrote: (n: number) => void): void {
  let sent = 0;
  const more = () => {
    while (!res.destroyed && sent < HARD_STOP_BYTES) {
      sent += chunk.length;
      wrote(chunk.length);
      if (!res.write(chunk)) return void res.once("drain", more);
    }
    if (!res.destroyed) res.end();
  };
  more();
}

const JSON_HEAD = { "content-type": "application/json" };

export const hostileServers = {
  /** Headers with a huge Content-Length, then nothing: a stalled body. */
  stallAfterHeaders: () =>
    listen((_req, res) => {
      res.writeHead(200, { ...JSON_HEAD, "content-length": "1000000000000" });
      res.flushHeaders();
    }),
  /** One byte of a JSON body every `everyMs`, forever. */
  drip: (everyMs = 20) =>
    listen((_req, res) => {
      res.writeHead(200, JSON_HEAD);
      const timer = setInterval(() => (res.destroyed ? clearInterval(timer) : res.write(" ")), everyMs);
      res.on("close", () => clearInterval(timer));
    }),
  /** A chunked body without end. */
  endless: () =>
    listen((_req, res, wrote) => {
      res.writeHead(200, JSON_HEAD);
      pour(res, Buffer.alloc(64 * 1024, 0x20), wrote);
    }),
  /** A body announced as 1 TB by Content-Length and sent as fast as it is read. */
  hugeContentLength: () =>
    listen((_req, res, wrote) => {
      res.writeHead(200, { ...JSON_HEAD, "content-length": "1000000000000" });
      pour(res, Buffer.alloc(64 * 1024, 0x20), wrote);
    }),
  /** Every answer the same: a status, headers and a body (counted). */
  always: (status: number, headers: Record<string, string>, body: string) =>
    listen((_req, res, wrote) => {
      res.writeHead(status, { ...headers, "content-length": String(Buffer.byteLength(body)) });
      wrote(Buffer.byteLength(body));
      res.end(body);
    }),
};

/**
 * What the batteries aim the servers at: the first service of the registry with a secured,
 * paginated list, and that list (its documented answers give the servers their bodies).
 */
export function listTarget(): { id: ServiceId; doc: any; list: TableOperation } {
  for (const id of SERVICE_IDS) {
    const doc = loadBundledDocument(id) as any;
    const list = documentOperations(doc).find((o) => o.method === "GET" && o.pagination && o.security.length > 0);
    if (list) return { id, doc, list };
  }
  throw new Error("no service of openapi/services.json has a secured, paginated list");
}

/** The documented answer of an operation for a status: its first media type and that one's first example. */
export function documentedAnswer(doc: any, op: TableOperation, status: string): { headers: Record<string, string>; body: any } {
  const response = resolve(doc, `${op.pointer}/responses/${status}`);
  const [mediaType, media] = Object.entries<any>(response.content)[0]!;
  return { headers: { "content-type": mediaType }, body: structuredClone(firstExample(doc, media).value) };
}

/** The list's documented success with its items replaced by `count` items no schema allows. */
export function invalidList(target: ReturnType<typeof listTarget>, count: number): { headers: Record<string, string>; body: string } {
  const ok = documentedAnswer(target.doc, target.list, "200");
  const tokens = target.list.pagination!.items.split("/").slice(1);
  const parent = tokens.slice(0, -1).reduce((node: any, key) => node[key], ok.body);
  parent[tokens.at(-1)!] = Array.from({ length: count }, (_, i) => ({ invalid: `item ${i} of a list that breaks the document` }));
  return { headers: ok.headers, body: JSON.stringify(ok.body) };
}
