/**
 * Case selection for tests, kept apart from the API's own preferences: the one module every
 * form reads it with (the Prism mock, the emulators on every path, the Try it panel). A test picks a
 * documented case with `X-Mock-Case: code=404, example=keyRingNotFound` (never part of any
 * API), or, as with Prism, with `code=` / `example=` inside `Prefer` or `?__code=&__example=`.
 * Those are removed before validation; every other preference (`return=minimal`) stays in
 * `Prefer` and is validated and honoured as the document says.
 */
/** Request header that selects a documented case (`code=404, example=keyRingNotFound`); never part of any API. */
export const MOCK_CASE_HEADER = "x-mock-case";
/** Request header asking for a fault: `X-Mock-Fault: 503` is the documented case of that status (runtime/controls/faults.ts). */
export const FAULT_HEADER = "x-mock-fault";

/** Prism's case-selection query parameters: the mock's own, never passed on or reported as undeclared. */
export const QUERY_OVERRIDES = ["__code", "__example", "__dynamic", "__seed", "__server"];

export interface CaseSelection {
  code?: string;
  example?: string;
}

const CASE_KEYS = new Set(["code", "example", "dynamic", "seed"]);

function splitList(value: string): string[] {
  const out: string[] = [];
  let current = "";
  let quoted = false;
  for (const ch of value) {
    if (ch === '"') quoted = !quoted;
    if (ch === "," && !quoted) {
      out.push(current);
      current = "";
    } else current += ch;
  }
  out.push(current);
  return out.map((s) => s.trim()).filter(Boolean);
}

function nameValue(item: string): [string, string | undefined] {
  const first = item.split(";")[0]!;
  const eq = first.indexOf("=");
  if (eq < 0) return [first.trim().toLowerCase(), undefined];
  return [first.slice(0, eq).trim().toLowerCase(), first.slice(eq + 1).trim().replace(/^"(.*)"$/, "$1")];
}

/** Preferences as name → value (RFC 7240; a name without value maps to ""). */
export function preferences(prefer: string | null): Map<string, string> {
  const out = new Map<string, string>();
  for (const item of splitList(prefer ?? "")) {
    const [name, value] = nameValue(item);
    // RFC 7240 §2: the first occurrence of a preference wins.
    if (name && !out.has(name)) out.set(name, value ?? "");
  }
  return out;
}

/**
 * The case a request asks for, and the Prefer value left for the API (undefined when nothing
 * remains). `X-Mock-Case` wins over `Prefer`, which wins over the query overrides.
 */
export function selectCase(
  prefer: string | null,
  mockCase: string | null,
  query: URLSearchParams,
): { selection: CaseSelection; apiPrefer: string | undefined } {
  const selection: CaseSelection = {};
  const kept: string[] = [];
  for (const item of splitList(prefer ?? "")) {
    const [name, value] = nameValue(item);
    if (!CASE_KEYS.has(name)) kept.push(item);
    else if (name === "code" && value !== undefined && selection.code === undefined) selection.code = value;
    else if (name === "example" && value !== undefined && selection.example === undefined) selection.example = value;
  }
  const fromHeader = preferences(mockCase);
  const fromQuery = { code: query.get("__code") ?? undefined, example: query.get("__example") ?? undefined };
  const pick = (key: "code" | "example") => fromHeader.get(key) ?? selection[key] ?? fromQuery[key];
  const result: CaseSelection = {};
  const code = pick("code");
  const example = pick("example");
  if (code !== undefined) result.code = code;
  if (example !== undefined) result.example = example;
  return { selection: result, apiPrefer: kept.length > 0 ? kept.join(", ") : undefined };
}

/** The case a request asks for, read from its headers and query: what every mock and emulator reads. */
export function requestedCase(headers: { get(name: string): string | null }, url: URL): { selection: CaseSelection; apiPrefer: string | undefined } {
  const read = selectCase(headers.get("prefer"), headers.get(MOCK_CASE_HEADER), url.searchParams);
  // A fault wins over any case: it stands for the service failing, whatever the test asked.
  const fault = headers.get(FAULT_HEADER)?.trim();
  return fault ? { selection: { code: fault }, apiPrefer: read.apiPrefer } : read;
}

/**
 * Whether a request may select a case at all: one header look-up each, and the query only when
 * there is one. A request without any pays for nothing more (issue 43).
 */
export function maySelectCase(headers: { get(name: string): string | null }, url: URL): boolean {
  if (headers.get(FAULT_HEADER) !== null || headers.get(MOCK_CASE_HEADER) !== null || headers.get("prefer") !== null) return true;
  return url.search.length > 1 && (url.searchParams.has("__code") || url.searchParams.has("__example"));
}
