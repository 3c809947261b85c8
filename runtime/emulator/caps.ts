/**
 * State caps of the emulators (documented in ASSUMPTIONS.md, "Caps"). An emulator is a test
 * double: it holds what a test suite needs and refuses to grow past it, so a client in a loop
 * gets an error in the document's shape instead of taking the process's memory.
 *
 * No table here names a service: the engine's own caps are below, a document declares the caps
 * its `x-resource` annotations name (`x-caps` at its root), and a family plug-in declares the
 * ones its own code needs (`Plugin.caps`). The build refuses an annotation naming a cap that
 * none of them declares (runtime/emulator/annotations.ts).
 */
import { CloudInterfacesError } from "../core/base-error.js";
import { InputError } from "../core/errors.js";

/** Caps of every service the resource engine serves. */
export const ENGINE_CAPS = {
  /** Partitions (instances) that appear on first use; past it an unknown one is a 400 (or does not exist, `errors.partition`). */
  partitions: 100,
  /** Bytes of the records one partition holds (their JSON); past it a create or an update is a 400. */
  recordBytesPerPartition: 16 * 1024 * 1024,
  /** Bytes of the records held across partitions; past it a 400. */
  recordBytes: 128 * 1024 * 1024,
} as const;

/** The caps of one emulator by name: the declared defaults with the caller's overrides. */
export type Caps = Record<string, number>;

/** A document's `x-caps` entry: the default and what it bounds. */
export interface DeclaredCap {
  max: number;
  description: string;
}

/** The caps a document declares at its root (`x-caps`), as name -> default. */
export function documentCaps(document: unknown): Caps {
  const declared = (document as { "x-caps"?: Record<string, DeclaredCap> } | null)?.["x-caps"] ?? {};
  return Object.fromEntries(Object.entries(declared).map(([name, cap]) => [name, cap.max]));
}

const isCapValue = (value: unknown): value is number => typeof value === "number" && Number.isSafeInteger(value) && value >= 0;

/**
 * The caps of one emulator: `declared` (engine, document, plug-in) overridden by the caller's
 * `caps` option. A name nothing declares, or a value that is not a whole number of 0 or more
 * (NaN, null, a negative or fractional number), is an InputError naming the field and the rule:
 * a misspelt cap must not silently remove its bound.
 */
export function resolveCaps(declared: Readonly<Caps>, given: unknown): Caps {
  if (given === undefined) return { ...declared };
  if (given === null || typeof given !== "object" || Array.isArray(given)) throw new InputError("caps", "an object of cap names to whole numbers");
  const out: Caps = { ...declared };
  for (const [name, value] of Object.entries(given)) {
    if (!Object.hasOwn(declared, name)) throw new InputError(`caps.${name}`, `a cap this emulator declares (${Object.keys(declared).sort().join(", ")})`);
    if (!isCapValue(value)) throw new InputError(`caps.${name}`, "a whole number of 0 or more");
    out[name] = value;
  }
  return out;
}

/**
 * Thrown by a service when a request would take its state past a cap; the app answers it as an
 * invalid request, so each service's documented 400 shape carries the message.
 */
export class CapReached extends CloudInterfacesError {
  constructor(what: string, cap: number) {
    super(`${what}: the emulator holds at most ${cap} (a cap of the emulator, see runtime/emulator/ASSUMPTIONS.md)`);
  }
}

/** A cap by name; one nothing declared is a bug of the code asking (a missing bound must never pass as "no limit"). */
export function capOf(caps: Readonly<Caps>, name: string): number {
  const value = caps[name];
  if (value === undefined) throw new CloudInterfacesError(`no cap named ${name} is declared (engine, document x-caps or plug-in caps)`);
  return value;
}
