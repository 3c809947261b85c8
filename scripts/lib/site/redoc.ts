import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
export const REDOC_BUNDLE = "redoc.standalone.js";
/** Redoc's side menu shows a logo fetched from its CDN, with no option to turn it off. */
const REDOC_CDN_LOGO = "https://cdn.redoc.ly/redoc/logo-mini.svg";
const LOCAL_LOGO =
  "data:image/svg+xml," +
  encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16"><circle cx="8" cy="8" r="7" fill="#e3165b"/></svg>');

/** The renderer, made self-contained: fails the build if a Redoc upgrade moves the CDN reference. */
export function offlineRedocBundle(): string {
  const source = readFileSync(require.resolve(`redoc/bundles/${REDOC_BUNDLE}`), "utf8");
  if (!source.includes(REDOC_CDN_LOGO)) throw new Error(`${REDOC_BUNDLE}: expected CDN logo reference not found; re-check offline use`);
  return source.split(REDOC_CDN_LOGO).join(LOCAL_LOGO);
}
