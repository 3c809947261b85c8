/**
 * Differential fuzzing: random near-valid JSON bodies per operation; Prism's accept/reject
 * verdict must agree with an independent JSON Schema 2020-12 validation (Ajv) of the same
 * body against the bundled document.
 */
import fc from "fast-check";
import { extractMeta } from "../../scripts/lib/client-meta.js";
import { escapeToken } from "../../runtime/core/pointer.js";
import type { ServiceMeta } from "cloud-interfaces/core";
import { loadCatalogue } from "../harness/clients.js";
import { bundledDocument, pointer } from "../harness/documents.js";
import { resolvePointer } from "../harness/responses.js";
import { errorsAt } from "../harness/validator.js";
import { baselineRequest } from "../negative/derive.js";
import { sendRaw, type RawRequest } from "../negative/raw-request.js";

const JSON_MEDIA = /^application\/(.+\+)?json$/;

export interface FuzzTarget {
  serviceId: string;
  operation: string;
  base: RawRequest;
  bodyPointer: string;
  bodyRequired: boolean;
  meta: ServiceMeta;
  credentials: Record<string, unknown>;
}

export async function fuzzTargets(serviceId: string): Promise<FuzzTarget[]> {
  const doc = bundledDocument(serviceId);
  const meta = extractMeta(serviceId, doc);
  const catalogue = await loadCatalogue(serviceId);
  return Object.entries(meta.operations).flatMap(([operation, op]) => {
    const mediaType = op.requestMediaTypes[0];
    if (!mediaType || !JSON_MEDIA.test(mediaType)) return [];
    const base = baselineRequest(catalogue, meta, operation);
    if (!base || base.body === undefined) return [];
    const [method, path] = operation.split(" ") as [string, string];
    const bodyPointer = `${resolvePointer(doc, pointer("paths", path, method.toLowerCase(), "requestBody"))}/content/${escapeToken(mediaType)}/schema`;
    const bodyRequired = Boolean(doc.paths[path][method.toLowerCase()].requestBody?.required);
    return [{ serviceId, operation, base, bodyPointer, bodyRequired, meta, credentials: catalogue.client.credentials ?? {} }];
  });
}

type Path = (string | number)[];

function paths(value: unknown, prefix: Path = []): Path[] {
  if (value === null || typeof value !== "object") return [prefix];
  const entries = Array.isArray(value) ? value.map((v, i) => [i, v] as const) : Object.entries(value);
  return [prefix, ...entries.flatMap(([k, v]) => paths(v, [...prefix, k]))];
}

function setAt(root: unknown, path: Path, value: unknown, remove = false): unknown {
  if (path.length === 0) return value;
  const copy = structuredClone(root) as any;
  const parent = path.slice(0, -1).reduce((node, key) => node?.[key], copy);
  if (parent === null || typeof parent !== "object") return copy;
  const key = path.at(-1)!;
  if (remove) Array.isArray(parent) ? parent.splice(Number(key), 1) : delete parent[key];
  else parent[key] = value;
  return copy;
}

/** Valid baselines, one-field mutations to random JSON, removals and additions: mostly near-valid bodies. */
export function bodyArbitrary(base: unknown): fc.Arbitrary<unknown> {
  const locations = paths(base);
  const location = fc.constantFrom(...locations);
  const scalar = fc.oneof(
    fc.string({ maxLength: 300 }),
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.boolean(),
    fc.constant(null),
    fc.constantFrom("", " ", "<>", "a\nb", "x".repeat(256), "2024-01-01T00:00:00Z", "user@example.com", "https://example.com", "-1", "0"),
  );
  const inner = locations.filter((p) => p.length > 0);
  const objects = locations.filter((p) => {
    const node = p.reduce<any>((n, k) => n?.[k], base);
    return node !== null && typeof node === "object" && !Array.isArray(node);
  });
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant(structuredClone(base)) },
    { weight: 4, arbitrary: fc.tuple(location, scalar).map(([p, v]) => setAt(base, p, v)) },
    { weight: 2, arbitrary: fc.tuple(location, fc.jsonValue({ maxDepth: 2 })).map(([p, v]) => setAt(base, p, v)) },
    // Removals need something below the root (a filter that can never pass would spin forever).
    ...(inner.length > 0 ? [{ weight: 2, arbitrary: fc.constantFrom(...inner).map((p) => setAt(base, p, undefined, true)) }] : []),
    // Additions go into objects only: a new name on an array would set a property such as `length`, not a JSON member.
    ...(objects.length > 0
      ? [{ weight: 1, arbitrary: fc.tuple(fc.constantFrom(...objects), fc.string({ minLength: 1, maxLength: 12 }), scalar).map(([p, key, v]) => setAt(base, [...p, key], v)) }]
      : []),
  );
}

export type Verdict = "accepted" | "rejected";

export async function prismVerdict(target: FuzzTarget, baseUrl: string, body: unknown): Promise<{ verdict: Verdict; detail: string }> {
  const response = await sendRaw(baseUrl, target.meta, target.credentials, { ...target.base, body });
  await response.arrayBuffer();
  const violations = JSON.parse(response.headers.get("sl-violations") ?? "[]") as { severity: string; message: string; location: string[] }[];
  const errors = violations.filter((v) => v.severity === "Error");
  const verdict = response.status < 400 && errors.length === 0 ? "accepted" : "rejected";
  return { verdict, detail: `${response.status} ${JSON.stringify(errors.map((e) => `${e.location?.join(".")}: ${e.message}`))}` };
}

/**
 * Where Prism knowingly differs from JSON Schema, stated once with the reason; the fuzz test
 * prints how often each applied instead of hiding the difference.
 */
export const KNOWN_DIFFERENCES = [
  {
    id: "null-optional-body",
    why: "Prism treats a JSON null body of an operation whose body is optional as no body at all",
    applies: (target: FuzzTarget, body: unknown) => body === null && !target.bodyRequired,
  },
] as const;

export function ajvVerdict(target: FuzzTarget, body: unknown): { verdict: Verdict; detail: string } {
  const errors = errorsAt(target.serviceId, target.bodyPointer, body);
  return { verdict: errors.length === 0 ? "accepted" : "rejected", detail: JSON.stringify(errors.map((e) => `${e.instancePath} ${e.keyword}`)) };
}
