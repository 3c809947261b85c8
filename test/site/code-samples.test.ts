/**
 * The generated code samples work: every curl sample, read as curl would read it, gets the
 * documented success from the mock; every mock sample, run as written, starts its mock and gets the
 * documented success through the client. That every TypeScript sample (client call, mock call,
 * and the landing page's lines) type-checks against the package's own types through the import
 * path users write is proven in test/typecheck.test.ts, in the project's one TypeScript program.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { DIST_DIR } from "../../scripts/lib/paths.js";
import { credentialEnv, SAMPLE_LABELS } from "../../scripts/lib/site/code-samples.js";
import { loadCatalogue } from "../harness/clients.js";
import { bundledDocument } from "../harness/documents.js";
import { mockUrl } from "../harness/mocks.js";
import { sampleServices, samplesOf, sampleSource } from "../harness/site-samples.js";
import { parseCurl } from "./curl.js";

const services = sampleServices();
const sample = sampleSource;

describe("generated code samples", () => {
  it("every operation has a TypeScript, a curl, a fetch, a Python, a Go, a Java and a mock sample", () => {
    for (const { id } of services) {
      for (const op of samplesOf(id)) {
        expect(op.samples.map((s) => s.label), `${id} ${op.operationId}`).toEqual([SAMPLE_LABELS.typescript, SAMPLE_LABELS.curl, SAMPLE_LABELS.fetch, SAMPLE_LABELS.python, SAMPLE_LABELS.go, SAMPLE_LABELS.java, SAMPLE_LABELS.mock]);
        expect(sample(op.samples, SAMPLE_LABELS.typescript)).toContain(`from "cloud-interfaces/${id}"`);
        expect(sample(op.samples, SAMPLE_LABELS.mock)).toContain(`import { startMock } from "cloud-interfaces/mock";\nimport`);
        expect(sample(op.samples, SAMPLE_LABELS.mock)).toContain(`const mock = await startMock("${id}");`);
      }
    }
  });

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
    // A placeholder host is never written into a sample: it reads the service's URL from the environment.
    if (server["x-placeholder"]) env[credentialEnv(id, "baseUrl")] = base;
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

  // Each sample starts and stops a Prism mock: generous for a loaded machine.
  it.each(services.map((s) => s.id))("every mock sample of %s runs as written and gets a documented success", { timeout: 120_000 }, async (id) => {
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
