/**
 * The generated code samples work: every TypeScript sample (client call, mock call, and the
 * landing page's three lines) type-checks against the package's own types through the import
 * path users write, and every curl sample, read as curl would read it, gets the documented
 * success from the mock; every mock sample, run as written, starts its mock and gets the
 * documented success through the client.
 */
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it, vi } from "vitest";
import { listOperations } from "../../runtime/openapi/router.js";
import { DIST_DIR, ROOT } from "../../scripts/lib/paths.js";
import { documentPath, readServices } from "../../scripts/lib/services.js";
import { credentialEnv, landingExample, SAMPLE_LABELS, type CodeSample } from "../../scripts/lib/site/code-samples.js";
import { siteDocument } from "../../scripts/lib/site/reference-page.js";
import { loadCatalogue } from "../harness/clients.js";
import { bundledDocument } from "../harness/documents.js";
import { mockUrl } from "../harness/mocks.js";
import { parseCurl } from "./curl.js";

const require = createRequire(import.meta.url);
const services = readServices().filter((s) => existsSync(documentPath(s)));

/** The samples exactly as the site embeds them, per service and operation. */
function samplesOf(id: string): { operationId: string; method: string; path: string; samples: CodeSample[]; success: number[] }[] {
  const doc = siteDocument(services.find((s) => s.id === id)!, bundledDocument(id), services);
  return listOperations(doc).map(({ method, path, operation }) => ({
    operationId: operation.operationId,
    method: method.toUpperCase(),
    path,
    samples: operation["x-codeSamples"] ?? [],
    success: Object.keys(operation.responses).filter((s) => /^[23]\d\d$/.test(s)).map(Number),
  }));
}

const sample = (samples: CodeSample[], label: string) => samples.find((s) => s.label === label)?.source;

describe("generated code samples", () => {
  it("every operation has a TypeScript, a curl and a mock sample", () => {
    for (const { id } of services) {
      for (const op of samplesOf(id)) {
        expect(op.samples.map((s) => s.label), `${id} ${op.operationId}`).toEqual([SAMPLE_LABELS.typescript, SAMPLE_LABELS.curl, SAMPLE_LABELS.mock]);
        expect(sample(op.samples, SAMPLE_LABELS.typescript)).toContain(`from "cloud-interfaces/${id}"`);
        expect(sample(op.samples, SAMPLE_LABELS.mock)).toContain(`import { startMock } from "cloud-interfaces/mock";\nimport`);
        expect(sample(op.samples, SAMPLE_LABELS.mock)).toContain(`const mock = await startMock("${id}");`);
      }
    }
  });

  it("every TypeScript sample type-checks against the package types, imported as users import them", async () => {
    const dir = join(DIST_DIR, "sample-check");
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    let files = 0;
    for (const { id } of services) {
      writeFileSync(join(dir, `${id}.landing.ts`), `${landingExample(id, bundledDocument(id))}\nexport {};\n`);
      files++;
      for (const op of samplesOf(id)) {
        for (const label of [SAMPLE_LABELS.typescript, SAMPLE_LABELS.mock]) {
          writeFileSync(join(dir, `${id}.${op.operationId}.${label.toLowerCase()}.ts`), sample(op.samples, label)!);
          files++;
        }
      }
    }
    // The samples sit inside the package, so `cloud-interfaces/<id>` resolves through the
    // package's own exports map (self-reference), with the root tsconfig's settings.
    // Incremental: a rerun with unchanged samples and types reuses the last check (a fresh clone checks everything).
    writeFileSync(
      join(dir, "tsconfig.json"),
      JSON.stringify({ extends: "../../tsconfig.json", include: ["./*.ts"], compilerOptions: { incremental: true, tsBuildInfoFile: "../sample-check.tsbuildinfo" } }),
    );
    const tsc = require.resolve("typescript/bin/tsc");
    const output = await promisify(execFile)(process.execPath, [tsc, "--noEmit", "-p", dir], { cwd: ROOT }).then(
      () => "",
      (error: { stdout?: string }) => error.stdout ?? String(error),
    );
    expect(output).toBe("");
    expect(files).toBeGreaterThan(services.length * 2);
  }, 60_000);

  it.each(services.map((s) => s.id))("every curl sample of %s gets a documented success from the mock", async (id) => {
    const catalogue = await loadCatalogue(id);
    const doc = bundledDocument(id);
    // The secrets the samples read from the environment, filled with the catalogue's test credentials.
    const env: Record<string, string> = {};
    for (const [scheme, value] of Object.entries<any>(catalogue.client?.credentials ?? {})) {
      if (typeof value === "string") env[credentialEnv(id, scheme)] = value;
      else {
        env[credentialEnv(id, scheme, "username")] = value.username;
        env[credentialEnv(id, scheme, "password")] = value.password;
      }
    }
    for (const scheme of Object.keys(doc.components?.securitySchemes ?? {})) {
      env[credentialEnv(id, scheme)] ??= "test-credential";
      env[credentialEnv(id, scheme, "username")] ??= "test-client";
      env[credentialEnv(id, scheme, "password")] ??= "test-secret";
    }
    // Prism serves the paths without the server URL's own path prefix.
    const server = doc.servers[0];
    const base = server.url.replace(/\{([^}]+)\}/g, (_: string, name: string) => String(server.variables[name].default));
    for (const op of samplesOf(id)) {
      const request = parseCurl(sample(op.samples, SAMPLE_LABELS.curl)!, env);
      expect(request.url.startsWith(base), `${op.operationId}: ${request.url}`).toBe(true);
      expect(request.method).toBe(op.method);
      const response = await fetch(mockUrl(id) + request.url.slice(base.length), {
        method: request.method,
        headers: request.headers,
        body: request.body,
        redirect: "manual",
      });
      await response.arrayBuffer();
      expect({ operation: op.operationId, status: response.status, violations: response.headers.get("sl-violations") }).toEqual({
        operation: op.operationId,
        status: expect.toSatisfy((s: number) => op.success.includes(s)),
        violations: null,
      });
    }
  });

  it.each(services.map((s) => s.id))("every mock sample of %s runs as written and gets a documented success", async (id) => {
    const dir = join(DIST_DIR, "sample-run", id);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    // The sample reports with console.log(response.status, data ?? error).
    const log = vi.spyOn(console, "log").mockImplementation(() => undefined);
    try {
      for (const op of samplesOf(id)) {
        const file = join(dir, `${op.operationId}.ts`);
        writeFileSync(file, sample(op.samples, SAMPLE_LABELS.mock)!);
        log.mockClear();
        await import(/* @vite-ignore */ file);
        expect(log.mock.calls.length, op.operationId).toBe(1);
        const [status] = log.mock.calls[0]!;
        expect({ operation: op.operationId, success: op.success.includes(status as number) }).toEqual({ operation: op.operationId, success: true });
      }
    } finally {
      log.mockRestore();
    }
  });
});
