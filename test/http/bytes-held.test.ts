/**
 * Issue 38: 400 connections each holding 1 MiB of an unfinished body took the mock's RSS from 75
 * to 479 MiB. The front end bounds the body bytes it holds across all its connections
 * (MAX_BODY_BYTES_HELD): past it a request is refused 503 `busy` and its connection closed,
 * and what a closed connection held is given back. Counted in bytes, not measured in RSS. On the
 * synthetic document: the front end holds bodies the same way for every document.
 */
import { connect, type Socket } from "node:net";
import { describe, expect, it } from "vitest";
import { fixtureEdge } from "./edge.js";

const MiB = 1024 * 1024;

/** Polls a condition at most `steps` times, 20 ms apart: a bound on work, not a deadline on speed. */
async function until(condition: () => boolean, steps = 1000): Promise<boolean> {
  for (let i = 0; i < steps; i++) {
    if (condition()) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return condition();
}

describe("body bytes held across connections", () => {
  it("stay under the budget while slow clients hold unfinished bodies, and go back to zero when they leave", { timeout: 60_000 }, async () => {
    const budget = 4 * MiB;
    const { front } = await fixtureEdge({ bodyBytesHeld: budget });
    const sockets: Socket[] = [];
    const refused = new Set<number>();
    try {
      for (let i = 0; i < 10; i++) {
        const socket = connect(front.port, "127.0.0.1");
        socket.on("error", () => undefined);
        socket.on("data", (d) => {
          if (/^HTTP\/1\.1 503/.test(d.toString("latin1"))) refused.add(i);
        });
        socket.write(`POST /things HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${MiB}\r\n\r\n`);
        // All but the last byte: the request never completes.
        socket.write(Buffer.alloc(MiB - 1, 0x20));
        sockets.push(socket);
      }
      // Every connection is either refused or holding all it sent.
      const settled = await until(() => refused.size + Math.floor(front.bytesHeld() / (MiB - 1)) >= 10 || refused.size >= 6);
      expect(settled).toBe(true);
      expect(front.peakBytesHeld()).toBeLessThanOrEqual(budget);
      expect(refused.size).toBeGreaterThanOrEqual(10 - budget / MiB);
    } finally {
      for (const socket of sockets) socket.destroy();
    }
    expect(await until(() => front.bytesHeld() === 0)).toBe(true);
    await front.close();
  });
});
