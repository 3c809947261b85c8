/**
 * Volume data and restored state for the resource engine (issue 46), naming no service:
 * `POST /__emulator/generate` / `generate()` makes N records of an `x-resource` from its create
 * operation's request schema (what a client could have sent), completes each as the create would
 * (`set`, `fill`: ids, dates, the service's own fields) and inserts it; `checkRestored` vets a
 * state read from a snapshot and computes again what the engine derives (byte counts).
 *
 * A generated record holds the schema's required fields (and its defaults): an optional field
 * is left out, as a client may leave it out. Strings are `<field>-<random>` within the schema's
 * lengths, formats are honoured (date-time is the emulator's clock, uuid its randomness), a
 * pattern takes the operation's request example where it fits (else the resource cannot be
 * generated, said so), references (`x-refers`) name a record the partition holds. Every body is
 * checked against the document before anything is stored, and the whole batch is refused (none
 * stored) when one record cannot be made, a `unique` value cannot be found, or a cap would pass.
 * The randomness is the emulator's: the same `--seed` gives the same records.
 */
import { InputError } from "../core/errors.js";
import { deref, splitPointer } from "../core/pointer.js";

type Json = any;
type Rec = Record<string, any>;

/** The emulator's clock and randomness, as the generator draws from them (app.ts's Env). */
export interface Randomness {
  now(): number;
  random(): number;
  uuid(): string;
  token(bytes?: number): string;
}

/** The body of `POST /__emulator/generate`, and `generate()`'s argument. */
export interface GenerateRequest {
  /** The `x-resource` name (the resource a create operation makes). */
  resource: string;
  /** How many records, 1 to MAX_GENERATE (and no more than the resource's cap leaves room for). */
  count: number;
  /** The partitioning parameters' values (`svc-instance` of a KMS key); a parameter left out takes its schema default. */
  partition?: Record<string, string>;
}

/** The most records one generate request makes. */
export const MAX_GENERATE = 10_000;
/** Tries per record to find values no other record holds where the resource says `unique`. */
export const UNIQUE_TRIES = 20;

/** Checks a generate request's shape: InputError naming the field otherwise. */
export function checkGenerateRequest(value: unknown): GenerateRequest {
  if (value === null || typeof value !== "object" || Array.isArray(value)) throw new InputError("(body)", "object", '(body): must be a JSON object {"resource", "count", "partition"}');
  const v = value as Record<string, unknown>;
  for (const key of Object.keys(v)) if (!["resource", "count", "partition"].includes(key)) throw new InputError(key.slice(0, 60), "unknown", `${key.slice(0, 60)}: not a field of a generate request (resource, count, partition)`);
  if (typeof v.resource !== "string" || v.resource === "") throw new InputError("resource", "string", "resource: must be the name of an x-resource (a non-empty string)");
  if (typeof v.count !== "number" || !Number.isInteger(v.count) || v.count < 1 || v.count > MAX_GENERATE) {
    throw new InputError("count", "range", `count: must be a whole number from 1 to ${MAX_GENERATE}, got ${JSON.stringify(v.count)?.slice(0, 40)}`);
  }
  const partition = v.partition ?? {};
  if (partition === null || typeof partition !== "object" || Array.isArray(partition)) throw new InputError("partition", "object", "partition: must be an object of parameter names to string values");
  for (const [k, p] of Object.entries(partition)) if (typeof p !== "string") throw new InputError(`partition.${k.slice(0, 60)}`, "string", `partition.${k.slice(0, 60)}: must be a string`);
  return { resource: v.resource, count: v.count, partition: partition as Record<string, string> };
}

/** What the emulator checks a generated record with: the operation's own request validators. */
export interface GenerateChecks {
  /** Problems of a request body for the operation (empty: valid). */
  body(operationId: string, body: unknown): string[];
  /** Problems of a parameter value for the operation. */
  param(operationId: string, name: string, value: string): string[];
}

function resolved(doc: Json, schemaOrRef: Json, depth = 0): Json {
  const schema = deref<Json>(doc, schemaOrRef);
  if (!schema || typeof schema !== "object" || !Array.isArray(schema.allOf) || depth > 8) return schema;
  // allOf: the parts' properties and required lists together, the first type and constraints found.
  const out: Json = { ...schema, properties: { ...(schema.properties ?? {}) }, required: [...(schema.required ?? [])] };
  delete out.allOf;
  for (const part of schema.allOf) {
    const p = resolved(doc, part, depth + 1) ?? {};
    for (const [k, v] of Object.entries(p)) if (k !== "properties" && k !== "required" && out[k] === undefined) out[k] = v;
    Object.assign(out.properties, p.properties ?? {});
    out.required.push(...(p.required ?? []));
  }
  return out;
}

function fits(pattern: string | undefined, text: unknown): text is string {
  if (typeof text !== "string") return false;
  if (pattern === undefined) return true;
  try {
    return new RegExp(pattern, "u").test(text);
  } catch {
    return false;
  }
}

/** A value the schema accepts: see the file's comment. `hint` is the request example's value at the same place. */
export function sample(doc: Json, schemaOrRef: Json, name: string, hint: unknown, env: Randomness, depth = 0): unknown {
  const schema = resolved(doc, schemaOrRef);
  if (depth > 16) throw new InputError("resource", "depth", `${name}: the schema nests deeper than the generator follows`);
  if (!schema || typeof schema !== "object") return hint ?? null;
  if (schema.const !== undefined) return structuredClone(schema.const);
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return structuredClone(schema.enum[Math.floor(env.random() * schema.enum.length)]);
  for (const key of ["oneOf", "anyOf"]) if (Array.isArray(schema[key]) && schema[key].length > 0) return sample(doc, schema[key][0], name, hint, env, depth + 1);
  const types: string[] = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : schema.properties ? ["object"] : [];
  const type = types.find((t) => t !== "null") ?? types[0];
  switch (type) {
    case "object": {
      const out: Rec = {};
      const hints = hint && typeof hint === "object" && !Array.isArray(hint) ? (hint as Rec) : {};
      for (const field of new Set<string>(schema.required ?? [])) out[field] = sample(doc, schema.properties?.[field], field, hints[field], env, depth + 1);
      return out;
    }
    case "array": {
      const n = Math.max(0, Number(schema.minItems ?? 0));
      const hints = Array.isArray(hint) ? hint : [];
      return Array.from({ length: n }, (_, i) => sample(doc, schema.items, name, hints[i] ?? hints[0], env, depth + 1));
    }
    case "integer":
    case "number": {
      const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? Math.floor(schema.exclusiveMinimum) + 1 : 0);
      const max = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? Math.ceil(schema.exclusiveMaximum) - 1 : min + 1000);
      return Math.ceil(min) + Math.floor(env.random() * (Math.floor(max) - Math.ceil(min) + 1));
    }
    case "boolean":
      return env.random() < 0.5;
    case "null":
      return null;
    case "string":
      return sampleString(schema, name, hint, env);
    default:
      return hint !== undefined ? structuredClone(hint) : {};
  }
}

function sampleString(schema: Json, name: string, hint: unknown, env: Randomness): string {
  const now = new Date(env.now()).toISOString();
  const token = () => env.token(9).replace(/[^A-Za-z0-9]/g, "x");
  const format: string | undefined = schema.format;
  const formatted =
    format === "date-time" ? now
    : format === "date" ? now.slice(0, 10)
    : format === "uuid" ? env.uuid()
    : format === "email" ? `${token().toLowerCase()}@example.com`
    : format === "uri" || format === "url" ? `https://example.com/${token()}`
    : format === "hostname" ? `${token().toLowerCase()}.example.com`
    : undefined;
  if (formatted !== undefined) return formatted;
  const pattern: string | undefined = schema.pattern;
  if (pattern !== undefined) {
    const known = [hint, ...(schema.examples ?? []), schema.example, schema.default].find((v) => fits(pattern, v));
    if (known === undefined) throw new InputError("resource", "pattern", `${name}: its pattern ${pattern.slice(0, 60)} is one the generator cannot follow, and no example of the operation fits it`);
    return known;
  }
  const min = Number(schema.minLength ?? 0);
  const max = Number(schema.maxLength ?? 64);
  let text = `${name}-${token()}`;
  if (text.length > max) text = token().slice(0, max);
  while (text.length < min) text += "x";
  return text;
}

export function setPointer(root: Rec, pointer: string, value: unknown): void {
  const keys = splitPointer(pointer);
  let node: Rec = root;
  for (let i = 0; i < keys.length - 1; i++) node = node[keys[i]!] ??= /^\d+$/.test(keys[i + 1]!) ? [] : {};
  node[keys.at(-1)!] = value;
}

export function getPointer(root: unknown, pointer: string): unknown {
  let node = root as Rec | undefined;
  for (const key of splitPointer(pointer)) node = node && typeof node === "object" ? node[key] : undefined;
  return node;
}

