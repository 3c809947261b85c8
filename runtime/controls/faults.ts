/**
 * Faults and latency on demand, the same on every form (startMock, serveHandler, mswEmulator,
 * the `mock` command): `latency` (ms, or `min-max` drawn per request), `faults` (the share of
 * requests answered with a fault), seeded by `seed` so a run repeats; per request the headers
 * `X-Mock-Delay: <ms>` and `X-Mock-Fault: <status>`. A fault is a documented answer of the
 * operation (its 429, 500, 502, 503 or 504, chosen by the case-selection module as
 * `X-Mock-Fault: <status>`: the emulators answer it without touching state) or, where the
 * operation documents none of those, a dropped connection.
 */
import { FAULT_HEADER } from "./case-selection.js";
import { responseOf, route } from "../openapi/operations.js";
import type { TableOperation } from "../openapi/operation-table.js";
import { seededRandom } from "./seeded-random.js";

export const DELAY_HEADER = "x-mock-delay";
/** The longest delay asked for by option or header: longer than any client timeout worth testing, short of a hang. */
export const MAX_DELAY_MS = 60_000;
/** Statuses a fault may take, when the operation documents them. */
export const FAULT_STATUSES = ["429", "500", "502", "503", "504"];

/** `250` or `100-400` as milliseconds; undefined when it is neither (the option's rule names it). */
export function parseLatency(value: number | string): { min: number; max: number } | undefined {
  const text = String(value).trim();
  const m = /^(\d+)(?:-(\d+))?$/.exec(text);
  if (!m) return undefined;
  const min = Number(m[1]);
  const max = m[2] === undefined ? min : Number(m[2]);
  return min <= max && max <= MAX_DELAY_MS ? { min, max } : undefined;
}

export interface FaultOptions {
  /** Milliseconds before every answer, or `min-max` drawn per request. */
  latency?: number | string;
  /** The share of requests (0-1) answered with a fault. */
  faults?: number;
  /** Seed of the draws (latency, which requests fault and how). */
  seed?: number;
}

/** What to do with one request: wait, and answer a fault of this status or drop the connection. */
export interface FaultPlan {
  delayMs: number;
  fault?: { status: string } | "drop";
}

export type FaultPlanner = (method: string, path: string, header: (name: string) => string | null | undefined) => FaultPlan;

/** Plans each request from the options and its headers; undefined when there is nothing to plan. */
export function faultPlanner(options: FaultOptions, operations: readonly TableOperation[] | (() => readonly TableOperation[])): FaultPlanner {
  const random = options.seed !== undefined ? seededRandom(options.seed) : Math.random;
  const latency = options.latency !== undefined ? parseLatency(options.latency) : undefined;
  const rate = options.faults ?? 0;
  return (method, path, header) => {
    const asked = header(DELAY_HEADER);
    const perRequest = asked != null && /^\d+$/.test(asked.trim()) ? Math.min(Number(asked), MAX_DELAY_MS) : undefined;
    const delayMs = perRequest ?? (latency ? latency.min + Math.floor(random() * (latency.max - latency.min + 1)) : 0);
    // A fault asked for by header is the case-selection module's: nothing to draw.
    if (rate <= 0 || header(FAULT_HEADER) || !(random() < rate)) return { delayMs };
    let documented: string[] = [];
    try {
      const found = route(typeof operations === "function" ? operations() : operations, method, path);
      if (found.kind === "operation") documented = FAULT_STATUSES.filter((s) => responseOf(found.operation, s));
    } catch {
      documented = [];
    }
    if (documented.length === 0) return { delayMs, fault: "drop" };
    return { delayMs, fault: { status: documented[Math.floor(random() * documented.length)]! } };
  };
}

export const sleep = (ms: number) => (ms > 0 ? new Promise<void>((resolve) => setTimeout(resolve, ms)) : Promise.resolve());
