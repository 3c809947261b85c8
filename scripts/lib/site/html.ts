/** The page shell shared by every page of the site, and escaping for what goes into it. */

export const html = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** Text that may break after each "/" (paths, JSON pointers) instead of at arbitrary letters. */
export const breakable = (s: string) => html(s).replace(/\//g, "/<wbr>");

/**
 * A service's name as the site shows it: the document's title without a "(deprecated)" tag (the
 * site says that with a badge or a block) and with the API version, which the title names
 * ("... service v3") or the registry id ends with (`<name>-v2`): "Key management v2". `info.version`
 * is the document's own version (identity v3's is 4.0.0), shown apart as the document version.
 */
export function displayTitle(info: { title: string }, serviceId: string): string {
  const name = info.title.replace(/\s*\(deprecated\)\s*$/i, "").trim();
  const api = /-(v\d+)$/.exec(serviceId)?.[1];
  return api && !/\bv\d+\b/.test(name) ? `${name} ${api}` : name;
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

/**
 * The site's own pages (landing, assumptions, changelog), in the reference pages' look: Redoc's
 * fonts (Roboto for text, Montserrat for headings, Courier for code), its text and link colours,
 * and dark mode following the system. Scoped to them: Redoc pages keep Redoc's styles.
 */
export const REDOC_LOOK = {
  text: "Roboto, sans-serif",
  headings: "Montserrat, sans-serif",
  code: "Courier, monospace",
  color: "#333333",
  link: "#32329f",
  sidebar: "#fafafa",
  rightPanel: "#263238",
  codeBlock: "#11171a",
};
const PAGE_STYLE = `
*, *::before, *::after { box-sizing: border-box; }
:root { color-scheme: light dark; }
body { font: 14px/1.5em ${REDOC_LOOK.text}; margin: 0; color: ${REDOC_LOOK.color}; background: #fff; }
main { max-width: 72rem; margin: 0 auto; padding: 1.5rem 1rem 3rem; }
h1, h2, h3 { font-family: ${REDOC_LOOK.headings}; font-weight: 400; }
a { color: ${REDOC_LOOK.link}; }
code, pre { font-family: ${REDOC_LOOK.code}; font-size: 13px; }
/* Long JSON pointers, paths and header names break rather than widen the page. */
code { overflow-wrap: anywhere; }
pre { margin: 0; padding: .75rem; background: #f6f8fa; border-radius: 4px; white-space: pre-wrap; overflow-wrap: anywhere; }
.badge { display: inline-block; padding: 0 .5rem; border-radius: 999px; font-size: .8rem; font-weight: 600; border: 1px solid; font-family: ${REDOC_LOOK.text}; }
.badge.current { color: #1a7f37; border-color: #1a7f37; }
.badge.deprecated { color: #9a6700; border-color: #9a6700; background: #fff8c5; }
@media (prefers-color-scheme: dark) {
  body { background: #0d1117; color: #e6edf3; }
  a { color: #79c0ff; }
  pre { background: #161b22; color: #e6edf3; }
  .badge.current { color: #3fb950; border-color: #3fb950; }
  .badge.deprecated { color: #d29922; border-color: #d29922; background: #272115; }
  table, th, td { border-color: #30363d !important; }
}
`;

/** The block that renders vendor extensions once, readably, inside Redoc's descriptions. */
const EXTENSION_STYLE = `
body { margin: 0; background: #fff; }
.ext-block { border: 1px solid #d0d7de; border-left: 4px solid #0b57d0; border-radius: 6px; padding: .5rem .75rem; margin: .75rem 0; background: #f6f8fa; font-size: .9rem; }
.ext-block.deprecated { border-left-color: #9a6700; background: #fff8c5; }
.ext-block dl { display: grid; grid-template-columns: max-content 1fr; gap: .25rem .75rem; margin: 0; }
.ext-block dt { font-weight: 600; }
.ext-block dd { margin: 0; min-width: 0; overflow-wrap: anywhere; }
.ext-block ul { margin: 0; padding-left: 1.1rem; }
.ext-block details summary { cursor: pointer; }
@media (max-width: 600px) { .ext-block dl { grid-template-columns: 1fr; } .ext-block dd { margin-bottom: .35rem; } }
/* Dark mode follows the system: Redoc takes a dark theme (assets/reference.js); the site's own blocks here. */
:root { color-scheme: light dark; }
@media (prefers-color-scheme: dark) {
  body { background: #0d1117; color: #e6edf3; }
  .ext-block { background: #161b22; border-color: #30363d; border-left-color: #388bfd; }
  .ext-block.deprecated { background: #272115; border-left-color: #d29922; }
  .ext-note { color: #9ea7b3; }
  .ext-source { background: #21262d; color: #9ea7b3; }
  .tryit-open { background: #0d1117; color: #79c0ff; border-color: #388bfd; }
  .tryit-open[aria-expanded="true"] { background: #1f6feb; color: #fff; }
  /* Redoc's selected sample tab takes the right panel's text colour as its background: dark text on it. */
  .react-tabs__tab--selected { color: #0d1117 !important; }
}
/* Code samples wrap inside their panel instead of being cut off at its edge (Redoc hides the overflow). */
[role="tabpanel"] pre { white-space: pre-wrap; overflow-wrap: anywhere; word-break: normal; }
.ext-note { color: #57606a; font-size: .85em; }
.ext-source { display: inline-block; margin-left: .25rem; padding: 0 .4rem; border-radius: 4px; background: #eef1f4; color: #57606a; font-size: .8em; }
.tryit-open { font: 600 14px system-ui, sans-serif; margin: 0 0 .75rem; padding: .35rem .9rem; border-radius: 6px; border: 1px solid #0b57d0; background: #fff; color: #0b57d0; cursor: pointer; }
.tryit-open[aria-expanded="true"] { background: #0b57d0; color: #fff; }
.tryit-open:focus-visible { outline: 3px solid #f0a000; outline-offset: 2px; }
/* Redoc's menu button on narrow screens (the fixed element after its menu): in the header's right end instead of floating over the content. */
@media (max-width: 50rem) {
  .redoc-wrap > .menu-content + div { top: 0 !important; bottom: auto !important; right: 0 !important; width: 3rem !important; height: 2.25rem !important; padding: 0 !important; justify-content: center; border-radius: 0 !important; box-shadow: none !important; background: #0d1117 !important; color: #fff !important; z-index: 31 !important; }
}
`;

/** One service in the header every page carries. */
export interface NavEntry {
  id: string;
  title: string;
}

/**
 * Same on every page, Redoc's included: the site's shell around Redoc's own layout. The header
 * stays at the top (Redoc's scrollYOffset names it, so its menu and anchors sit below it); on a
 * phone it is one line that scrolls sideways (it wrapped to three), with room at its right end
 * for Redoc's menu button, which would otherwise float over the content (moved there by EXTENSION_STYLE).
 */
const HEADER_STYLE = `
.site-nav { position: sticky; top: 0; z-index: 30; background: #0d1117; color: #f0f6fc; font: 14px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; border-bottom: 1px solid #30363d; }
.site-nav ul { list-style: none; margin: 0 auto; padding: .4rem 1rem; display: flex; flex-wrap: wrap; gap: .15rem 1.1rem; align-items: baseline; }
.site-nav a { color: #c9d1d9; text-decoration: none; }
.site-nav a:hover, .site-nav a:focus-visible { color: #fff; text-decoration: underline; }
.site-nav a[aria-current="page"] { color: #fff; font-weight: 600; text-decoration: underline; text-underline-offset: 3px; }
.site-nav .home a { color: #fff; font-weight: 700; }
.site-nav .short { display: none; }
@media (max-width: 1500px) { .site-nav .long { display: none; } .site-nav .short { display: inline; } .site-nav ul { gap: .15rem .8rem; } }
@media (max-width: 50rem) {
  .site-nav ul { flex-wrap: nowrap; overflow-x: auto; white-space: nowrap; scrollbar-width: none; box-sizing: border-box; height: 2.25rem; align-items: center; padding-top: 0; padding-bottom: 0; padding-right: 3.5rem; }
  .site-nav ul::-webkit-scrollbar { display: none; }
}
`;

export const navOf = (entries: readonly { service: { id: string }; doc: { [key: string]: any } }[]): NavEntry[] =>
  entries.map(({ service, doc }) => ({ id: service.id, title: displayTitle(doc.info, service.id) }));

/** The header of every page: the index, every service of the registry, the assumptions page. */
export function siteHeader(nav: readonly NavEntry[], current: string): string {
  const link = (href: string, key: string, content: string, className = "") =>
    `<li${className ? ` class="${className}"` : ""}><a href="${href}"${key === current ? ' aria-current="page"' : ""}>${content}</a></li>`;
  return `<nav class="site-nav" aria-label="Site"><ul>${[
    link("index.html", "index", "Cloud service interfaces", "home"),
    ...nav.map((s) => link(`${s.id}.html`, s.id, `<span class="long">${html(s.title)}</span><span class="short">${html(s.id)}</span>`, "nav-service")),
    link("assumptions.html", "assumptions", "Assumptions"),
    link("changelog.html", "changelog", "Changelog"),
  ].join("")}</ul></nav>`;
}

export function page(title: string, body: string, head = "", kind: "site" | "redoc" = "site", data: Record<string, string> = {}, header = ""): string {
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
<style>${kind === "site" ? PAGE_STYLE : EXTENSION_STYLE}${header ? HEADER_STYLE : ""}</style>
${head}
</head>
<body>
${header ? `${header}\n` : ""}${body}
</body>
</html>
`;
}
