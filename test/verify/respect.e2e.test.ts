/**
 * The Arazzo workflows the build ships (dist/openapi/<id>.arazzo.yaml, generated from
 * `x-resource`) run by Redocly Respect, a tool that is not ours, against each service's emulator
 * (`startMock(id, { stateful: true })` over HTTP), as the workflow file's own description tells a
 * user to: `redocly respect <id>.arazzo.yaml --server <id>=<url>`. Every workflow and every step
 * must pass; the JSON report is read, not the terminal output. Then a second run against the same
 * emulator with new unique names (`--input`) passes too, and a planted defect (a delete that
 * answers 204 and keeps the object) makes Respect fail, so the run can fail.
 * In test:e2e: each run is a Node process of @redocly/cli (about 3 s).
 */
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { parse as parseYaml } from "yaml";
import { afterAll, describe, expect, it } from "vitest";
import { SERVICE_IDS, startMock, type ServiceId } from "cloud-interfaces/mock";
import { BUNDLE_DIR, ROOT } from "../../scripts/lib/paths.js";

const run = promisify(execFile);
const withFlows = [...SERVICE_IDS].filter((id) => existsSync(join(BUNDLE_DIR, `${id}.arazzo.yaml`)));
const scratch = mkdtempSync(join(tmpdir(), "respect-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

interface RespectResult {
  workflows: number;
  failedWorkflows: string[];
  steps: number;
  failedSteps: string[];
}

/** Runs Respect on one workflow file; the counts come from its `--json-output` report. */
async function respect(serviceId: string, url: string, inputs: string[] = []): Promise<RespectResult> {
  const out = join(scratch, `${serviceId}-${Math.random().toString(36).slice(2)}.json`);
  const args = [join(ROOT, "node_modules/@redocly/cli/bin/cli.js"), "respect", `${serviceId}.arazzo.yaml`, "--server", `${serviceId}=${url}`, "--json-output", out, ...inputs.flatMap((i) => ["--input", i])];
  let stdout = "";
  try {
    stdout = (await run(process.execPath, args, { cwd: BUNDLE_DIR, env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" } })).stdout;
  } catch (error) {
    // Respect exits 1 when a workflow fails; the report says which.
    stdout = String((error as { stdout?: string }).stdout ?? "");
  }
  expect(existsSync(out), `Respect wrote no report:\n${stdout.slice(-2000)}`).toBe(true);
  const report = JSON.parse(readFileSync(out, "utf8"));
  const files = Object.values<any>(report.files ?? {});
  const workflows = files.flatMap((f) => f.executedWorkflows ?? []);
  const steps = workflows.flatMap((w: any) => (w.executedSteps ?? []).map((s: any) => ({ ...s, workflowId: w.workflowId })));
  const failedStep = (s: any) => (s.checks ?? []).some((c: any) => !c.passed && c.severity !== "warn");
  return {
    workflows: workflows.length,
    failedWorkflows: workflows.filter((w: any) => (w.executedSteps ?? []).some(failedStep)).map((w: any) => w.workflowId),
    steps: steps.length,
    failedSteps: steps.filter(failedStep).map((s: any) => `${s.workflowId}/${s.stepId}: ${(s.checks ?? []).filter((c: any) => !c.passed).map((c: any) => c.name + " " + (c.message ?? "")).join("; ")}`),
  };
}

const workflowFile = (id: string) => parseYaml(readFileSync(join(BUNDLE_DIR, `${id}.arazzo.yaml`), "utf8"));

describe("the build's Arazzo workflows", () => {
  it("exist for every service whose document has a resource with a create", () => {
    expect(withFlows.length).toBeGreaterThan(0);
  });
});

describe.each(withFlows)("Redocly Respect on %s.arazzo.yaml", (serviceId) => {
  it("passes every workflow and step against the emulator, and again with new unique names", { timeout: 60_000 }, async () => {
    const declared = workflowFile(serviceId).workflows as { workflowId: string; steps: unknown[]; inputs: { properties: Record<string, { default?: unknown; description?: string }> } }[];
    const mock = await startMock(serviceId as ServiceId, { stateful: true, port: 0 });
    try {
      const first = await respect(serviceId, mock.url);
      console.log(`${serviceId}: Respect ran ${first.workflows} workflow(s), ${first.steps} step(s); failed: ${JSON.stringify(first.failedSteps)}`);
      expect(first.failedSteps).toEqual([]);
      expect(first.workflows).toBe(declared.length);
      expect(first.steps).toBe(declared.reduce((n, w) => n + w.steps.length, 0));
      // The unique inputs (a name, an alias) given anew: the same emulator accepts a second run.
      const unique = declared.flatMap((w) => Object.entries(w.inputs.properties).filter(([, p]) => /unique/.test(p.description ?? "")).map(([name]) => `${name}=second-run-${name.length}`));
      const second = await respect(serviceId, mock.url, [...new Set(unique)]);
      expect(second.failedSteps).toEqual([]);
      expect(second.workflows).toBe(declared.length);
    } finally {
      await mock.close();
    }
  });

  const deletes = (workflowFile(serviceId).workflows as { workflowId: string; steps: { stepId: string; operationId: string }[] }[]).filter((w) => w.steps.some((s) => /IsGone$/.test(s.stepId)));
  if (deletes.length > 0) it("fails when the server's delete answers 204 and keeps the object", { timeout: 60_000 }, async () => {
    const mock = await startMock(serviceId as ServiceId, { stateful: true, port: 0 });
    // A proxy that answers every DELETE 204 without passing it on.
    const proxy = createServer(async (req, res) => {
      if (req.method === "DELETE") return res.writeHead(204).end();
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const headers = Object.fromEntries(Object.entries(req.headers).filter(([k]) => k !== "host" && k !== "content-length") as [string, string][]);
      const upstream = await fetch(`${mock.url}${req.url}`, { method: req.method, headers, ...(chunks.length ? { body: Buffer.concat(chunks) } : {}) });
      res.writeHead(upstream.status, Object.fromEntries(upstream.headers));
      res.end(Buffer.from(await upstream.arrayBuffer()));
    });
    await new Promise<void>((r) => proxy.listen(0, "127.0.0.1", r));
    try {
      const address = proxy.address() as { port: number };
      const result = await respect(serviceId, `http://127.0.0.1:${address.port}`);
      // Each workflow that reads its object after the delete fails there, and only there; another whose delete documents a status other than 204 fails at its delete.
      for (const w of deletes) {
        expect(result.failedWorkflows).toContain(w.workflowId);
        const own = result.failedSteps.filter((s) => s.startsWith(`${w.workflowId}/`));
        expect(own.length > 0 && own.every((s) => /IsGone:/.test(s)), own.join("\n")).toBe(true);
      }
    } finally {
      proxy.close();
      await mock.close();
    }
  });
});
