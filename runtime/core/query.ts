import type { QueryParamMeta } from "./service-meta.js";

/**
 * Serializes query parameters as the document declares them: arrays exploded (`a=1&a=2`) or
 * comma-separated (`a=1,2`) per parameter; everything percent-encoded (RFC 3986), so a
 * value can never smuggle an extra parameter.
 */
export function serializeQuery(
  query: Record<string, unknown> | undefined,
  params: Readonly<Record<string, QueryParamMeta>>,
): string {
  if (!query) return "";
  const parts: string[] = [];
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    const key = encodeURIComponent(name);
    if (Array.isArray(value)) {
      if (params[name]?.explode === false) {
        parts.push(`${key}=${value.map((v) => encodeURIComponent(String(v))).join(",")}`);
      } else {
        for (const v of value) parts.push(`${key}=${encodeURIComponent(String(v))}`);
      }
    } else {
      parts.push(`${key}=${encodeURIComponent(String(value))}`);
    }
  }
  return parts.join("&");
}
