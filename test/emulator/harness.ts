import type { ServiceId } from "cloud-interfaces/mock";
import { afterEach, expect } from "vitest";
import { createEmulator, type Emulator, type EmulatorOptions } from "cloud-interfaces/emulator";

/** A fixed clock that tests move by hand, and a seeded generator: runs are repeatable. */
export function deterministic(start = Date.parse("2026-06-01T12:00:00Z")) {
  let now = start;
  let seed = 42;
  return {
    clock: () => now,
    advance: (ms: number) => void (now += ms),
    // mulberry32: small, seedable, good enough for ids.
    random: () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    },
  };
}

const live: Emulator[] = [];

/** An emulator whose document violations fail the test that caused them. */
export function emulator(serviceId: string, options: EmulatorOptions = {}, start?: number) {
  const time = deterministic(start);
  const emu = createEmulator(serviceId as ServiceId, { clock: time.clock, random: time.random, ...options });
  live.push(emu);
  const fetch = (input: string | URL | Request, init?: RequestInit) => emu.handle(new Request(input, init));
  return { emu, fetch: fetch as typeof globalThis.fetch, time };
}

afterEach(() => {
  const violations = live.flatMap((e) => e.violations.map((v) => ({ service: e.serviceId, ...v })));
  live.length = 0;
  expect(violations, "responses the documents reject").toEqual([]);
});
