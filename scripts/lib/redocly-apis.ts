/**
 * redocly.yaml's `apis`, derived from openapi/services.json: one alias per service, rooted at its
 * document, so `npx redocly lint` with no argument lints every service. The build never needs it
 * (an alias Redocly does not know lints with the root rules), so a new service builds before
 * `npm run sync-exports` writes it; a test holds redocly.yaml to it.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { parseDocument } from "yaml";
import type { Service } from "./services.js";

export function expectedRedoclyApis(services: readonly Service[]): Record<string, { root: string }> {
  return Object.fromEntries(services.map((s) => [s.id, { root: `openapi/${s.document}` }]));
}

/** Rewrites the `apis` map of the Redocly configuration at `file`, keeping its rules and comments. */
export function syncRedoclyApis(file: string, services: readonly Service[]): void {
  const document = parseDocument(readFileSync(file, "utf8"));
  document.set("apis", document.createNode(expectedRedoclyApis(services)));
  writeFileSync(file, document.toString());
}
