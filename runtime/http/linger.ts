/**
 * Lingering close (RFC 9112 §9.6) for an answer that refuses a body the client may still be
 * sending (413 past the body limit, 503 busy). Node's server destroys the socket as soon as a
 * `Connection: close` answer is written; what the client sends after that reaches a closed socket,
 * the kernel answers with a reset, and the reset takes the unread answer with it: a client that
 * writes its whole body before it reads (Python's urllib and requests) saw a connection error,
 * never the 413. Here the write side is ended after the answer, what still arrives is read and
 * dropped (the server's parser discards the refused body), and the socket is destroyed when the
 * client closes or after LINGER_MS, whichever comes first: no bytes are held, and a client that
 * never stops costs at most that long.
 */
import type { IncomingMessage } from "node:http";
import type { Socket } from "node:net";

export const LINGER_MS = 2_000;

/** Call before the refusal is written: the socket then closes lingering instead of at once. */
export function closeLingering(req: IncomingMessage): void {
  const socket = req.socket as Socket & { destroySoon?: () => void };
  if (socket.destroyed) return;
  const timer = setTimeout(() => socket.destroy(), LINGER_MS);
  timer.unref();
  socket.once("close", () => clearTimeout(timer));
  // Node's server calls destroySoon once the answer is written (a `Connection: close` answer):
  // end the write side only; the read side drains until the client closes or the timer fires.
  socket.destroySoon = () => {
    if (socket.writable) socket.end();
  };
  socket.once("end", () => socket.destroy());
  // The refused body is dropped as it arrives, wherever reading had stopped.
  if (!req.destroyed) req.resume();
}
