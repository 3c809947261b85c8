/** Test doubles for the kms client: a scripted or recording fetch and a clock that never sleeps. */
import type { Clock } from "cloud-interfaces/kms-v2";

export const INSTANCE = "a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d";
export const TOKEN = "eyJhbGciOiJSUzI1NiJ9.s3cr3t-iam-token.c2ln";
export const KEY_TYPE = "application/vnd.svc.kms.key+json";
export const ERROR_TYPE = "application/vnd.svc.kms.error+json";

export interface Sent {
  method: string;
  url: URL;
  headers: Headers;
  body: string;
}

type Reply = { status: number; body?: unknown; headers?: Record<string, string> };

/**
 * A fetch that records each request and answers from `replies` in order (the last one
 * repeats), or from `answer` when given. Nothing reaches the network.
 */
export function scriptedFetch(replies: Reply[] | ((sent: Sent, index: number) => Reply)) {
  const sent: Sent[] = [];
  const fetch = async (input: Request | string | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const record: Sent = { method: request.method, url: new URL(request.url), headers: request.headers, body: await request.text() };
    sent.push(record);
    const reply = typeof replies === "function" ? replies(record, sent.length - 1) : replies[Math.min(sent.length - 1, replies.length - 1)]!;
    const json = reply.body !== undefined && request.method !== "HEAD";
    const contentType = reply.status >= 400 ? ERROR_TYPE : KEY_TYPE;
    return new Response(json ? JSON.stringify(reply.body) : null, {
      status: reply.status,
      headers: { ...(json ? { "Content-Type": contentType } : {}), ...reply.headers },
    });
  };
  return { sent, fetch: fetch as typeof globalThis.fetch };
}

/** Forwards to the real fetch (the mock) and records; `prefer` is appended to any Prefer the client sent. */
export function recordingFetch(prefer?: string) {
  const sent: Sent[] = [];
  const fetch = async (input: Request | string | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    if (prefer) request.headers.set("Prefer", [request.headers.get("Prefer"), prefer].filter(Boolean).join(", "));
    const copy = request.clone();
    sent.push({ method: copy.method, url: new URL(copy.url), headers: copy.headers, body: await copy.text() });
    return globalThis.fetch(request);
  };
  return { sent, fetch: fetch as typeof globalThis.fetch };
}

export function fakeClock(start = Date.parse("2026-03-01T10:00:00Z")): Clock & { waits: number[] } {
  const waits: number[] = [];
  let now = start;
  return {
    waits,
    now: () => now,
    sleep: async (ms) => {
      waits.push(ms);
      now += ms;
    },
  };
}

export function errorBody(message: string, code?: string) {
  return {
    metadata: { collectionType: ERROR_TYPE, collectionTotal: 1 },
    resources: [{ errorMsg: message, ...(code ? { reasons: [{ code }] } : {}) }],
  };
}

export function keyBody(ids: string[], extra: Record<string, unknown> = {}) {
  return {
    metadata: { collectionType: KEY_TYPE, collectionTotal: ids.length, ...extra },
    resources: ids.map((id) => ({ type: KEY_TYPE, id, name: `key-${id.slice(0, 4)}` })),
  };
}

/** Distinct lower-case UUIDs for fake keys. */
export const keyId = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, "0")}`;

export async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error("expected a rejection");
    },
    (e: unknown) => e,
  );
}
