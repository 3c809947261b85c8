/**
 * The emulator's state as JSON (issue 46): `GET /__emulator/state`, `snapshot()`, `--state-file`.
 * One generic serialiser for every emulator's state, naming no service: plain objects, arrays,
 * strings, finite numbers, booleans and null as themselves; a `Map` as `{"$map": [[key, value], ...]}`
 * (insertion order kept: a list without a sort answers in it), a `Set` as `{"$set": [...]}`, a
 * `Date` as `{"$date": "<ISO>"}`, and a plain object one of whose keys starts with `$` as
 * `{"$object": {...}}`, so no record can pass for a tag. What is not data (a key handle, a
 * promise, a function, a class instance, a RegExp) is not written: the field is left out (an
 * array holding one is left out whole) and restore keeps what a fresh emulator has there.
 * The same state gives the same text: keys in the order the state holds them.
 *
 * What is derived is not written either, and is computed again on restore: the caps (the
 * emulator's options, never the file's), the byte counts, the unique indexes and kept orders of
 * each partition, and the starting world (the document's).
 */
import { CloudInterfacesError } from "../core/base-error.js";

export const STATE_FORMAT = "cloud-interfaces/emulator-state";
export const STATE_VERSION = 1;

/** What `snapshot()` gives and `restore()` takes (the body of `GET` / `PUT /__emulator/state`). */
export interface StateSnapshot {
  format: typeof STATE_FORMAT;
  version: typeof STATE_VERSION;
  /** The service whose emulator wrote it; another service's state is refused. */
  service: string;
  /** How many random draws the emulator had made: a restart with the same `--seed` continues after them, so new ids do not repeat old ones. */
  draws: number;
  /** The state's fields, encoded as above. */
  state: Record<string, unknown>;
}

/** A snapshot that cannot be restored: `field` names where (`state.partitions...`), the message says why. The state is left as it was. */
export class StateError extends CloudInterfacesError {
  override name = "StateError";
  constructor(readonly field: string, message: string) {
    super(`${field}: ${message}`);
  }
}

/** Fields of the state itself that are derived (see above); fields of a partition likewise. */
const DERIVED_STATE = new Set(["caps", "bytes", "world"]);
const DERIVED_PARTITION = new Set(["bytes", "unique", "sortCache", "versions"]);
/** Nesting the encoder and decoder follow; deeper is refused (the control API's body limit is the same). */
export const MAX_STATE_DEPTH = 64;

const SKIP = Symbol("skip");
type Encoded = unknown | typeof SKIP;

function isPlain(value: object): boolean {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function encode(value: unknown, depth: number, skip?: Set<string>): Encoded {
  if (depth > MAX_STATE_DEPTH) throw new StateError("state", `nested deeper than ${MAX_STATE_DEPTH} levels`);
  if (value === null || typeof value === "string" || typeof value === "boolean") return value;
  if (typeof value === "number") return Number.isFinite(value) ? value : SKIP;
  if (typeof value !== "object") return SKIP;
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    for (const item of value) {
      const e = encode(item, depth + 1);
      if (e === SKIP) return SKIP;
      out.push(e);
    }
    return out;
  }
  if (value instanceof Map) {
    const entries: unknown[] = [];
    for (const [k, v] of value) {
      const key = encode(k, depth + 2);
      const e = encode(v, depth + 2);
      if (key !== SKIP && e !== SKIP) entries.push([key, e]);
    }
    return { $map: entries };
  }
  if (value instanceof Set) {
    const items: unknown[] = [];
    for (const v of value) {
      const e = encode(v, depth + 1);
      if (e !== SKIP) items.push(e);
    }
    return { $set: items };
  }
  if (value instanceof Date) return Number.isFinite(value.getTime()) ? { $date: value.toISOString() } : SKIP;
  if (!isPlain(value)) return SKIP;
  const out: Record<string, unknown> = {};
  let tagged = false;
  for (const [k, v] of Object.entries(value)) {
    if (skip?.has(k)) continue;
    const e = encode(v, depth + 1);
    if (e === SKIP) continue;
    if (k.startsWith("$")) tagged = true;
    out[k] = e;
  }
  return tagged ? { $object: out } : out;
}

/** The state as stable JSON-ready data; the engine's partitions lose their derived fields. */
export function encodeState(state: object): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(state)) {
    if (DERIVED_STATE.has(name)) continue;
    const e = name === "partitions" && value instanceof Map ? encodePartitions(value) : encode(value, 1);
    if (e !== SKIP) out[name] = e;
  }
  return out;
}

function encodePartitions(partitions: Map<unknown, unknown>): unknown {
  const entries: unknown[] = [];
  for (const [key, partition] of partitions) {
    const e = partition && typeof partition === "object" && isPlain(partition) ? encode(partition, 3, DERIVED_PARTITION) : encode(partition, 3);
    if (e !== SKIP && typeof key === "string") entries.push([key, e]);
  }
  return { $map: entries };
}

const kindOf = (value: unknown): string =>
  value === null ? "null" : Array.isArray(value) ? "array" : value instanceof Map ? "map" : value instanceof Set ? "set" : value instanceof Date ? "date" : typeof value;

/** Decodes one encoded value; anything that is not one of the encodings above is refused with where it is. */
export function decode(value: unknown, field: string, depth = 0): unknown {
  if (depth > MAX_STATE_DEPTH) throw new StateError(field, `nested deeper than ${MAX_STATE_DEPTH} levels`);
  if (value === null || typeof value === "string" || typeof value === "boolean") return value;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new StateError(field, "not a finite number");
    return value;
  }
  if (Array.isArray(value)) return value.map((item, i) => decode(item, `${field}[${i}]`, depth + 1));
  if (typeof value !== "object") throw new StateError(field, `not JSON data (${typeof value})`);
  const keys = Object.keys(value);
  const tag = keys.find((k) => k.startsWith("$"));
  if (tag === undefined) {
    const out: Record<string, unknown> = {};
    for (const k of keys) {
      if (k === "__proto__") throw new StateError(`${field}.${k}`, "a field named __proto__ is refused");
      out[k] = decode((value as Record<string, unknown>)[k], `${field}.${k}`, depth + 1);
    }
    return out;
  }
  if (keys.length !== 1) throw new StateError(field, `a tagged value ("${tag.slice(0, 20)}") must have that one key only`);
  const inner = (value as Record<string, unknown>)[tag];
  if (tag === "$map") {
    if (!Array.isArray(inner)) throw new StateError(`${field}.$map`, "must be an array of [key, value] pairs");
    const map = new Map<unknown, unknown>();
    inner.forEach((pair, i) => {
      if (!Array.isArray(pair) || pair.length !== 2) throw new StateError(`${field}.$map[${i}]`, "must be a [key, value] pair");
      const key = decode(pair[0], `${field}.$map[${i}][0]`, depth + 2);
      if (map.has(key)) throw new StateError(`${field}.$map[${i}][0]`, `the key ${JSON.stringify(key)?.slice(0, 60)} is given twice`);
      map.set(key, decode(pair[1], `${field}.$map[${i}][1]`, depth + 2));
    });
    return map;
  }
  if (tag === "$set") {
    if (!Array.isArray(inner)) throw new StateError(`${field}.$set`, "must be an array");
    return new Set(inner.map((item, i) => decode(item, `${field}.$set[${i}]`, depth + 1)));
  }
  if (tag === "$date") {
    const time = typeof inner === "string" ? Date.parse(inner) : NaN;
    if (!Number.isFinite(time)) throw new StateError(`${field}.$date`, "must be an ISO date-time");
    return new Date(time);
  }
  if (tag === "$object") {
    if (inner === null || typeof inner !== "object" || Array.isArray(inner)) throw new StateError(`${field}.$object`, "must be an object");
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(inner)) {
      if (k === "__proto__") throw new StateError(`${field}.${k}`, "a field named __proto__ is refused");
      out[k] = decode(v, `${field}.${k}`, depth + 1);
    }
    return out;
  }
  throw new StateError(field, `unknown tag "${tag.slice(0, 20)}" (known: $map, $set, $date, $object)`);
}

/** A snapshot of a state. */
export function takeSnapshot(service: string, state: object, draws: number): StateSnapshot {
  return { format: STATE_FORMAT, version: STATE_VERSION, service, draws, state: encodeState(state) };
}

/**
 * The state a snapshot describes, built over `fresh` (a new emulator's state, not yet in use):
 * each field the snapshot gives replaces fresh's, after checking it is the same kind of value
 * (a map for a map, a number for a number). Fields it leaves out keep fresh's. Throws StateError,
 * touching nothing the caller holds, when anything is wrong.
 */
export function readSnapshot(service: string, snapshot: unknown, fresh: Record<string, unknown>): { state: Record<string, unknown>; draws: number } {
  if (snapshot === null || typeof snapshot !== "object" || Array.isArray(snapshot)) throw new StateError("(body)", "must be a JSON object as GET /__emulator/state gives");
  const s = snapshot as Partial<StateSnapshot> & Record<string, unknown>;
  for (const key of Object.keys(s)) if (!["format", "version", "service", "draws", "state"].includes(key)) throw new StateError(key.slice(0, 60), "not a field of a state snapshot (format, version, service, draws, state)");
  if (s.format !== STATE_FORMAT) throw new StateError("format", `must be "${STATE_FORMAT}"`);
  if (s.version !== STATE_VERSION) throw new StateError("version", `must be ${STATE_VERSION} (this emulator reads version ${STATE_VERSION}), got ${JSON.stringify(s.version)?.slice(0, 40)}`);
  if (s.service !== service) throw new StateError("service", `this is the ${service} emulator; the snapshot is of ${JSON.stringify(s.service)?.slice(0, 60)}`);
  const draws = s.draws ?? 0;
  if (typeof draws !== "number" || !Number.isSafeInteger(draws) || draws < 0) throw new StateError("draws", "must be a whole number of 0 or more");
  if (s.state === null || typeof s.state !== "object" || Array.isArray(s.state)) throw new StateError("state", "must be an object");
  const state: Record<string, unknown> = { ...fresh };
  for (const [name, encoded] of Object.entries(s.state)) {
    const field = `state.${name}`;
    if (DERIVED_STATE.has(name)) throw new StateError(field, "is derived by the emulator (caps come from its options, counts from the records); leave it out");
    if (!Object.hasOwn(fresh, name)) throw new StateError(field, `not a field of this emulator's state (fields: ${Object.keys(fresh).filter((k) => !DERIVED_STATE.has(k)).join(", ")})`);
    const value = decode(encoded, field, 1);
    const want = kindOf(fresh[name]);
    // A field a fresh state leaves unset (an optional rule) takes any data.
    if (fresh[name] !== undefined && kindOf(value) !== want) throw new StateError(field, `must be a ${want}, got a ${kindOf(value)}`);
    state[name] = value;
  }
  return { state, draws };
}
