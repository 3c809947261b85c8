/**
 * Sends the verifier's requests: only to the origin of the base URL, never following a
 * redirect, at most `rate` requests a second, and not after the overall deadline.
 */
import type { Wire } from "./raw-request.js";

export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** The run cannot go on: the server does not answer (exit code 2). */
export class VerifyConnectionError extends Error {
  override readonly name = "VerifyConnectionError";
}

export class DeadlineReached extends Error {
  override readonly name = "DeadlineReached";
}

export type FetchLike = (request: Request) => Promise<Response>;

export interface SenderOptions {
  /** Requests per second; Infinity (or 0) for no limit. */
  rate: number;
  /** Milliseconds since the epoch after which nothing more is sent. */
  deadline: number;
  /** Per-request time limit in milliseconds. */
  timeoutMs: number;
  fetch: FetchLike;
}

export class Sender {
  private next = 0;
  readonly origin: string;
  sent = 0;

  constructor(
    baseUrl: string,
    private readonly options: SenderOptions,
  ) {
    this.origin = new URL(baseUrl).origin;
  }

  private async slot(): Promise<void> {
    const { rate } = this.options;
    if (!(rate > 0) || rate === Infinity) return;
    const now = Date.now();
    const at = Math.max(now, this.next);
    this.next = at + 1000 / rate;
    if (at > now) await new Promise((r) => setTimeout(r, at - now));
  }

  async send(wire: Wire): Promise<Answer> {
    const url = new URL(wire.url);
    // Built from the base URL, so this holds unless a path value smuggles another authority in.
    if (url.origin !== this.origin) throw new Error(`refusing to send to ${url.origin}: only ${this.origin} is verified`);
    await this.slot();
    const left = this.options.deadline - Date.now();
    if (left <= 0) throw new DeadlineReached("the overall deadline was reached");
    const signal = AbortSignal.timeout(Math.min(left, this.options.timeoutMs));
    let response: Response;
    try {
      this.sent++;
      response = await this.options.fetch(new Request(url, { method: wire.method, headers: wire.headers, body: wire.body ?? null, redirect: "manual", signal }));
    } catch (error) {
      if (Date.now() >= this.options.deadline) throw new DeadlineReached("the overall deadline was reached");
      const cause = (error as { cause?: { code?: string } })?.cause?.code ?? (error as Error)?.message ?? String(error);
      throw new VerifyConnectionError(`${wire.method} ${url.origin}${url.pathname}: no answer (${cause})`);
    }
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => (headers[name] = value));
    const body = wire.method === "HEAD" ? "" : await response.text();
    return { status: response.status, headers, body };
  }
}
