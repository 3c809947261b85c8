/** The page shell shared by every page of the site, and escaping for what goes into it. */

export const html = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** Text that may break after each "/" (paths, JSON pointers) instead of at arbitrary letters. */
export const breakable = (s: string) => html(s).replace(/\//g, "/<wbr>");

/** "Key management v2"; a title that already names its version ("... service v3 (deprecated)") is kept as it is. */
export function displayTitle(info: { title: string; version: unknown }): string {
  const version = String(info.version);
  return new RegExp(`\\bv${version.replace(/[.]/g, "\\.")}\\b`).test(info.title) ? info.title : `${info.title} v${version}`;
}

/**
 * The Content-Security-Policy of every page: scripts from the site only (no inline script, no
 * eval), no plugins, frames or form submissions; `extra` adds or replaces directives by name.
 */
export function sitePolicy(extra: string[] = []): string {
  const directives = new Map<string, string>();
  for (const d of [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "frame-src 'none'",
    "form-action 'none'",
    "base-uri 'self'",
    ...extra,
  ]) directives.set(d.split(" ")[0]!, d);
  return [...directives.values()].join("; ");
}

export const policyMeta = (policy = sitePolicy()) => `<meta http-equiv="Content-Security-Policy" content="${html(policy)}">`;

/** JSON inside <script> must not be able to close the element. */
export const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

/** The site's own pages (landing, assumptions). Scoped to them: Redoc pages keep Redoc's styles. */
const PAGE_STYLE = `
*, *::before, *::after { box-sizing: border-box; }
body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; margin: 0; color: #1f2328; line-height: 1.5; }
main { max-width: 72rem; margin: 0 auto; padding: 1.5rem 1rem 3rem; }
a { color: #0b57d0; }
code, pre { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: .875em; }
/* Long JSON pointers, paths and header names break rather than widen the page. */
code { overflow-wrap: anywhere; }
pre { margin: 0; padding: .75rem; background: #f6f8fa; border-radius: 6px; white-space: pre-wrap; overflow-wrap: anywhere; }
.badge { display: inline-block; padding: 0 .5rem; border-radius: 999px; font-size: .8rem; font-weight: 600; border: 1px solid; }
.badge.current { color: #1a7f37; border-color: #1a7f37; }
.badge.deprecated { color: #9a6700; border-color: #9a6700; background: #fff8c5; }
`;

/** The block that renders vendor extensions once, readably, inside Redoc's descriptions. */
const EXTENSION_STYLE = `
body { margin: 0; }
.ext-block { border: 1px solid #d0d7de; border-left: 4px solid #0b57d0; border-radius: 6px; padding: .5rem .75rem; margin: .75rem 0; background: #f6f8fa; font-size: .9rem; }
.ext-block.deprecated { border-left-color: #9a6700; background: #fff8c5; }
.ext-block dl { display: grid; grid-template-columns: max-content 1fr; gap: .25rem .75rem; margin: 0; }
.ext-block dt { font-weight: 600; }
.ext-block dd { margin: 0; min-width: 0; overflow-wrap: anywhere; }
.ext-block ul { margin: 0; padding-left: 1.1rem; }
.ext-block details summary { cursor: pointer; }
@media (max-width: 600px) { .ext-block dl { grid-template-columns: 1fr; } .ext-block dd { margin-bottom: .35rem; } }
.tryit-open { font: 600 14px system-ui, sans-serif; margin: 0 0 .75rem; padding: .35rem .9rem; border-radius: 6px; border: 1px solid #0b57d0; background: #fff; color: #0b57d0; cursor: pointer; }
.tryit-open[aria-expanded="true"] { background: #0b57d0; color: #fff; }
.tryit-open:focus-visible { outline: 3px solid #f0a000; outline-offset: 2px; }
`;

export function page(title: string, body: string, head = "", kind: "site" | "redoc" = "site", data: Record<string, string> = {}): string {
  const attributes = Object.entries(data)
    .map(([k, v]) => ` data-${k}="${html(v)}"`)
    .join("");
  return `<!doctype html>
<html lang="en"${attributes}>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${html(title)}</title>
<link rel="icon" href="data:,">
<style>${kind === "site" ? PAGE_STYLE : EXTENSION_STYLE}</style>
${head}
</head>
<body>
${body}
</body>
</html>
`;
}
