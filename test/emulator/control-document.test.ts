/**
 * The control API's own OpenAPI document (runtime/emulator/control-document.ts, shipped as
 * CONTROL_API_DOCUMENT): it passes the project's lint (Redocly on the source, Spectral with the
 * OWASP ruleset on the bundle, as the build lints every document) and lists exactly the routes
 * and methods the handler serves, so neither can move without the other.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CONTROL_API_DOCUMENT } from "cloud-interfaces/emulator";
import { CONTROL_PREFIX, CONTROL_ROUTES } from "../../runtime/emulator/control.js";
import { lintBundle, lintSource } from "../../scripts/lib/lint.js";

describe("the control API's document", () => {
  it("passes the documents' lint (Redocly, Spectral with OWASP)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "control-document-"));
    try {
      const file = join(dir, "emulator-control.json");
      const text = JSON.stringify(CONTROL_API_DOCUMENT, null, 2);
      writeFileSync(file, text);
      const service = { id: "emulator-control", document: file, seed: "" };
      const findings = [...(await lintSource(service, file)), ...(await lintBundle(service, text, file))];
      expect(findings.map((f) => `${f.tool} ${f.rule} ${f.pointer ?? ""}: ${f.message}`)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it("lists exactly the routes and methods the handler serves", () => {
    const documented = Object.entries(CONTROL_API_DOCUMENT.paths).flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`));
    const served = Object.entries(CONTROL_ROUTES).flatMap(([route, methods]) => methods.map((m) => `${m} ${CONTROL_PREFIX}${route}`));
    expect(documented.sort()).toEqual(served.sort());
  });
});
