/**
 * Two Authorization lines are two credentials, taken as no credential (401) on the Prism mock
 * as on the emulators (runtime/http/credentials.ts): Prism took "Bearer t, Bearer a, Basic Yjpj"
 * for a bearer token and answered 200 where the emulator answered 401 (issue 43).
 */
import { describe, expect, it } from "vitest";
import { servicesWithCatalogues } from "../security/fixtures.js";
import { baselines, serialize, type Wire } from "./battery.js";
import { sendWire } from "../../scripts/lib/socket-exchange.js";
import { mockUrl } from "../harness/mocks.js";

const status = async (id: string, w: Wire) => (await sendWire(Number(new URL(mockUrl(id)).port), serialize(w))).status;

const cases = await Promise.all(
  servicesWithCatalogues.map(async ({ id }) => (await baselines(id)).filter((b) => b.wire.headers.some(([k, v]) => k.toLowerCase() === "authorization" && /^(Bearer|Basic) /.test(String(v)))).map((b) => [`${id} ${b.operation}`, id, b.wire] as const)),
);

describe("the Prism mock and two credentials", () => {
  it.each(cases.flat())("%s: answered as without credentials", async (_name, id, wire) => {
    const without = { ...wire, headers: wire.headers.filter(([k]) => k.toLowerCase() !== "authorization") };
    const two = { ...wire, headers: [...wire.headers, ["authorization", "Bearer a"], ["authorization", "Basic Yjpj"]] as typeof wire.headers };
    // Where the operation takes another credential too (a client secret in a token request's body), both answer as that one does.
    expect(await status(id, two)).toBe(await status(id, without));
  });
});
