/**
 * Listening and the base URL of every server form (startMock, serveHandler): the URL comes from
 * the listening socket, never from a request's `Host` header, so no client can re-route a
 * request or change the issuer a stateful identity emulator announces.
 */
import { CloudInterfacesError } from "../core/base-error.js";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";

/** The listening options shared by every server form (`startMock`, `serveHandler`, the CLI). */
export interface ListenOptions {
  port?: number;
  host?: string;
}

export const DEFAULT_HOST = "127.0.0.1";

/** `http://127.0.0.1:4010`, `http://[::1]:4010`: the address the server is bound to. */
export function listeningUrl(server: Server): string {
  const address = server.address() as AddressInfo | null;
  if (!address || typeof address !== "object") throw new CloudInterfacesError("the server is not listening");
  const host = address.address.includes(":") ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

/** Listens on `port` (0 or absent: a free one) and `host` (default loopback); resolves with the URL. */
export function listen(server: Server, options: ListenOptions = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? DEFAULT_HOST, () => {
      server.off("error", reject);
      resolve(listeningUrl(server));
    });
  });
}
