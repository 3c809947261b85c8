/**
 * Sends the verifier's requests: only to the origin of the base URL, never following a
 * redirect, at most `rate` requests a second, and not after the overall deadline. Every answer
 * is bounded: in time (the per-request limit covers the headers and the whole body, so a server
 * that stalls or drips gives one incomplete answer, not a hung run) and in bytes (a body over
 * the limit is not read further).
 */
import { CloudInterfacesError } from "../core/base-error.js";
import { declaredOver, readLimited } from "../core/body-limit.js";
import type { Wire } from "./raw-request.js";

export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Set when no complete answer could be read: why (a timeout, the byte limit). The answer is then not checked. */
  incomplete?: string;
}

/** The run cannot go on: the server does not answer (exit code 2). */
export class VerifyConnectionError extends CloudInterfacesError {
  override readonly name = "VerifyConnectionError";
}

export class DeadlineReached extends CloudInterfacesError {
  override readonly name = "DeadlineReached";
}

/** A transport as the verifier calls it: the deadline travels beside the Request (undici ignores one inside a `redirect: "manual"` Request while it reads the body). */
export type FetchLike = (request: Request, init?: { signal?: AbortSignal }) => Promise<Response>;

export interface SenderOptions {
  /** Requests per second; Infinity (or 0) for no limit. */
  rate: number;
  /** Milliseconds since the epoch after which nothing more is sent. */
  deadline: number;
  /** Per-request time limit in milliseconds: connecting, the headers and the whole body. */
  timeoutMs: number;
  /** The largest answer body read, in bytes. */
  maxBodyBytes: number;
  fetch: FetchLike;
}

/** Error codes of a connection the server had already closed when the request reused it. */
const STALE_CONNECTION = new Set(["UND_ERR_SOCKET", "ECONNRESET", "EPIPE", "UND_ERR_CLOSED"]);

const codeOf = (error: unknown): string | undefined => (error as { cause?: { code?: string } })?.cause?.code ?? (error as { code?: string })?.code;

const seconds = (ms: number) => `${+(ms / 1000).toFixed(3)} s`;

export function formatBytes(n: number): string {
  if (n >= 1024 * 1024 && n % (1024 * 1024) === 0) return `${n / (1024 * 1024)} MiB`;
  if (n >= 1024 && n % 1024 === 0) return `${n / 1024} KiB`;
  return `${n} bytes`;
}

export class Sender {
  private next = 0;
  readonly origin: string;
  /** Requests sent, a replaced connection's retry included. */
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

  /** One exchange; a connection the server closed while idle is replaced once, not reported. */
  private async exchange(url: URL, wire: Wire, signal: AbortSignal): Promise<Response> {
    for (let attempt = 1; ; attempt++) {
      this.sent++;
      try {
        return await this.options.fetch(new Request(url, { method: wire.method, headers: wire.headers, body: wire.body ?? null, redirect: "manual" }), { signal });
      } catch (error) {
        if (attempt > 1 || signal.aborted || !STALE_CONNECTION.has(codeOf(error) ?? "")) throw error;
        // One turn of the event loop, so the transport has seen the close before it picks a connection again.
        await new Promise((resolve) => setTimeout(resolve, 0));
      }
    }
  }

  async send(wire: Wire): Promise<Answer> {
    const url = new URL(wire.url);
    // Built from the base URL, so this holds unless a path value smuggles another authority in.
    if (url.origin !== this.origin) throw new CloudInterfacesError(`refusing to send to ${url.origin}: only ${this.origin} is verified`);
    await this.slot();
    const left = this.options.deadline - Date.now();
    if (left <= 0) throw new DeadlineReached("the overall deadline was reached");
    const { timeoutMs, maxBodyBytes } = this.options;
    const byDeadline = left < timeoutMs;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new DOMException("timed out", "TimeoutError")), Math.min(left, timeoutMs));
    const stopped = (status: number, headers: Record<string, string>): Answer => {
      if (byDeadline) throw new DeadlineReached("the overall deadline was reached");
      return { status, headers, body: "", incomplete: `no complete answer within ${seconds(timeoutMs)} (the per-request limit)` };
    };
    try {
      let response: Response;
      try {
        response = await this.exchange(url, wire, controller.signal);
      } catch (error) {
        if (controller.signal.aborted) return stopped(0, {});
        const cause = codeOf(error) ?? (error as Error)?.message ?? String(error);
        throw new VerifyConnectionError(`${wire.method} ${url.origin}${url.pathname}: no answer (${cause})`);
      }
      const headers: Record<string, string> = {};
      response.headers.forEach((value, name) => (headers[name] = value));
      if (wire.method === "HEAD") {
        response.body?.cancel().catch(() => undefined);
        return { status: response.status, headers, body: "" };
      }
      const over = (read?: number): Answer => ({
        status: response.status,
        headers,
        body: "",
        incomplete: `the answer is larger than ${formatBytes(maxBodyBytes)} (the byte limit, --max-body)${read === undefined ? `: Content-Length ${headers["content-length"]}` : ""}; it was not read further`,
      });
      if (declaredOver(response.headers, maxBodyBytes)) {
        response.body?.cancel().catch(() => undefined);
        controller.abort();
        return over();
      }
      try {
        const read = await readLimited(response.body, maxBodyBytes, controller.signal);
        if ("over" in read) {
          controller.abort();
          return over(read.read);
        }
        return { status: response.status, headers, body: new TextDecoder().decode(read.bytes) };
      } catch (error) {
        if (controller.signal.aborted) return stopped(response.status, headers);
        return { status: response.status, headers, body: "", incomplete: `the answer broke off while its body was read (${codeOf(error) ?? (error as Error)?.message ?? String(error)})` };
      }
    } finally {
      clearTimeout(timer);
    }
  }
}
