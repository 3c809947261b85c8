/**
 * verify's generated inputs (`budget`, `seed`; runtime/verify/generated.ts): against every
 * service's emulator a clean run passes within its budget; a planted defect (a server that
 * accepts a string longer than its maxLength, found from the operation table, naming no service)
 * is found by the generated phase alone and reported with the shrunk request (exactly one
 * character past the limit); the same seed sends the same requests (counted and digested), and a
 * budget is never exceeded. The CLI's --budget and --seed are the same options.
 */
import { describe, expect, it } from "vitest";
import { SERVICE_IDS, type ServiceId } from "cloud-interfaces/mock";
import { createEmulator } from "cloud-interfaces/emulator";
import { verifyServer, type VerifyReport } from "cloud-interfaces/verify";
import { loadBundledDocument } from "../../runtime/emulator/documents.js";
import { documentOperations } from "../../runtime/verify/operations.js";
import type { TableOperation } from "../../runtime/openapi/operation-table.js";
import { resolve } from "../../runtime/verify/pointer.js";
import { deriveNegativeCases } from "../../runtime/verify/negative.js";
import { Contract } from "../../runtime/emulator/contract.js";
import { ajvValidators } from "../../runtime/emulator/ajv-validators.js";
import { verifyOptionsOf } from "../../runtime/verify/cli.js";
import { COMMANDS } from "../../runtime/cli/commands.js";
import { parseCommand } from "../../runtime/cli/options.js";
import { emulatorRun } from "./harness.js";

const generatedChecks = (report: VerifyReport) => report.operations.flatMap((o) => o.checks.filter((c) => c.kind === "generated").map((c) => ({ ...c, operationId: o.operationId })));
const failed = (report: VerifyReport) => report.operations.flatMap((o) => o.checks.filter((c) => c.verdict === "failed").map((c) => `${o.operationId}: ${c.name}: ${c.failures[0]?.message ?? ""}`));

describe.each([...SERVICE_IDS])("generated inputs against the %s emulator", (serviceId) => {
  it("a clean run passes, within its budget, with generated checks made", { timeout: 60_000 }, async () => {
    const report = await verifyServer(serviceId as ServiceId, { ...emulatorRun(serviceId as ServiceId), budget: 120, seed: 11 });
    expect(failed(report)).toEqual([]);
    expect(report.exitCode).toBe(0);
    expect(report.generated!.sent).toBeGreaterThan(0);
    expect(report.generated!.sent).toBeLessThanOrEqual(120);
    expect(generatedChecks(report).length).toBe(report.generated!.rules);
  });
});

/** A top-level JSON body field with a maxLength in a POST's documented request (the negative cases name it): the first in the registry's documents. */
function bodyFieldWithMaxLength(): { serviceId: ServiceId; op: TableOperation; field: string; maxLength: number } {
  for (const serviceId of SERVICE_IDS) {
    const doc = loadBundledDocument(serviceId as ServiceId) as object;
    const ops = documentOperations(doc);
    const { cases } = deriveNegativeCases(new Contract(serviceId, doc, ajvValidators(serviceId, doc)));
    for (const c of cases) {
      const m = /^body\.(\w+) maxLength\b/.exec(c.constraint);
      const op = ops.find((o) => o.key === c.operation);
      if (!m || op?.method !== "POST") continue;
      const maxLength = (resolve(doc, c.rule.replace(/\/maxLength$/, "")) as { maxLength?: number } | undefined)?.maxLength;
      if (typeof maxLength === "number") return { serviceId: serviceId as ServiceId, op, field: m[1]!, maxLength };
    }
  }
  throw new Error("no document has a JSON body string field with a maxLength in a documented POST");
}

describe("a planted defect: the server accepts a string longer than its maxLength", () => {
  const target = bodyFieldWithMaxLength();
  /** Cuts the field to its limit before the emulator sees it: the over-long request is accepted. */
  const lenient = () => {
    const emulator = createEmulator(target.serviceId);
    const template = new RegExp(`^${target.op.path.replace(/\{[^}]+\}/g, "[^/]+")}$`);
    let accepted = 0;
    const fetch = async (request: Request) => {
      if (request.method === target.op.method && template.test(new URL(request.url).pathname)) {
        const text = await request.clone().text();
        let body: any;
        try {
          body = JSON.parse(text);
        } catch {
          return emulator.handle(request);
        }
        if (body && typeof body[target.field] === "string" && body[target.field].length > target.maxLength) {
          accepted++;
          body[target.field] = body[target.field].slice(0, target.maxLength);
          return emulator.handle(new Request(request.url, { method: request.method, headers: request.headers, body: JSON.stringify(body) }));
        }
      }
      return emulator.handle(request);
    };
    return { fetch, accepted: () => accepted };
  };

  it("is found by the generated phase, reported with the request shrunk to one character past the limit", { timeout: 60_000 }, async () => {
    const server = lenient();
    const report = await verifyServer(target.serviceId, { ...emulatorRun(target.serviceId, server.fetch), budget: 400, seed: 3 });
    expect(server.accepted()).toBeGreaterThan(0);
    expect(report.exitCode).toBe(1);
    const found = generatedChecks(report).find((c) => c.operationId === target.op.operationId && c.name === `generated: body.${target.field} past maxLength`);
    expect(found?.verdict).toBe("failed");
    expect(found!.failures[0]!.message).toMatch(/smallest failing value .* seed 3 \(replay: --seed 3 --budget 400\)/);
    // Shrunk: the smallest length fast-check could reach that still fails is the limit plus one.
    expect((JSON.parse(found!.request!.body!) as Record<string, string>)[target.field]!.length).toBe(target.maxLength + 1);
  });

  it("keeps to the budget while shrinking a failure", { timeout: 60_000 }, async () => {
    for (const budget of [2, 5, 9]) {
      const report = await verifyServer(target.serviceId, { ...emulatorRun(target.serviceId, lenient().fetch), budget, seed: 3, only: [target.op.operationId] });
      expect(generatedChecks(report).some((c) => c.verdict === "failed")).toBe(true);
      expect(report.generated!.sent).toBeLessThanOrEqual(budget);
    }
  });
});

describe("reproducible and bounded", () => {
  const serviceId = SERVICE_IDS[SERVICE_IDS.length - 1] as ServiceId;
  const run = (seed: number, budget: number) => verifyServer(serviceId, { ...emulatorRun(serviceId), budget, seed, only: undefined });

  it("the same seed sends the same requests; another seed other ones", { timeout: 60_000 }, async () => {
    const [a, b, c] = [await run(5, 60), await run(5, 60), await run(6, 60)];
    expect(a.generated!.sent).toBeGreaterThan(0);
    expect(b.generated).toEqual(a.generated);
    expect(c.generated!.digest).not.toBe(a.generated!.digest);
  });

  it("never sends more than the budget", { timeout: 60_000 }, async () => {
    for (const budget of [1, 3, 7]) expect((await run(1, budget)).generated!.sent).toBeLessThanOrEqual(budget);
  });

  it("--budget and --seed on the command line are the API's budget and seed; a bad budget is a usage error", async () => {
    const verify = COMMANDS.find((c) => c.name === "verify")!;
    const { values } = parseCommand(verify, [serviceId, "--base-url", "http://127.0.0.1:1", "--budget", "50", "--seed", "9"]);
    expect(verifyOptionsOf(values)).toMatchObject({ budget: 50, seed: 9 });
    await expect(verifyServer(serviceId, { ...emulatorRun(serviceId), budget: 0 })).rejects.toThrow(/--budget: must be a whole number/);
  });
});
