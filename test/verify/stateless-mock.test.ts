/**
 * A server that keeps no state must not pass `verify --allow-writes`: the Prism mock of every
 * service with state (a document with writes: an `x-resource` create, update, replace or delete,
 * or a plug-in operation that changes state) is verified as the stateful emulator is, and the
 * run fails. The read-backs and flows are what catch it (issue 45).
 */
import { describe, expect, it } from "vitest";
import { SERVICE_IDS, createMockHandler, type ServiceId } from "cloud-interfaces/mock";
import { verifyServer } from "cloud-interfaces/verify";
import { emulatorRun } from "./harness.js";
import { hasState } from "./zoo.js";

const stateful = SERVICE_IDS.filter((id) => hasState(id as ServiceId));

describe.each(stateful)("verify --allow-writes against the stateless Prism mock of %s", (serviceId) => {
  it("fails", async () => {
    const mock = await createMockHandler(serviceId as ServiceId);
    const report = await verifyServer(serviceId as ServiceId, emulatorRun(serviceId as ServiceId, (r) => mock(r)));
    const failed = report.operations.flatMap((o) => o.checks.filter((c) => c.verdict === "failed").map((c) => `${o.operationId}: ${c.name}`));
    expect(failed.length, `${serviceId}: nothing failed (${report.summary.verified} verified)`).toBeGreaterThan(0);
    expect(report.exitCode).toBe(1);
  });
});
