/**
 * The MSW form on KMS: the generated client talks to the emulator through setupServer, with no
 * port. MSW 3 needs Node >= 22.12: a *.node24.test.ts runs under Node 24 from the `node` package
 * (vitest.node24.config.ts, started by test/emulator/msw-node24.test.ts), with no polyfill.
 */
import { setupServer } from "msw/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createKmsV2Client } from "cloud-interfaces/kms-v2";
import { mswEmulator } from "cloud-interfaces/msw";
import { failUnhandled } from "../harness/msw-unhandled.js";

const kms = mswEmulator("kms-v2");
const server = setupServer(...kms.handlers);
/** A request no handler matches fails, and is recorded here instead of printed as an MSW error. */
const unhandled: string[] = [];
beforeAll(() => server.listen(failUnhandled(unhandled)));
afterAll(() => {
  server.close();
  expect(kms.emulator.violations).toEqual([]);
  expect(unhandled).toEqual([]);
});

const KEY_TYPE = "application/vnd.svc.kms.key+json";
const INSTANCE = "0c7d3a52-8f41-4b6e-9d2a-1e5f6a7b8c9d";

describe("MSW handlers", () => {
  it("kms-v2: a key created in one call is listed and counted in the next (any documented region)", async () => {
    const client = createKmsV2Client({ region: "eu-de", credentials: { bearerAuth: "t" }, bind: { "svc-instance": INSTANCE } });
    const created = await client.POST("/api/v2/keys", {
      headers: { "content-type": KEY_TYPE },
      body: { metadata: { collectionType: KEY_TYPE, collectionTotal: 1 }, resources: [{ type: KEY_TYPE, name: "via-msw" }] },
    });
    expect(created.response.status).toBe(201);
    const listed = await client.GET("/api/v2/keys", {});
    expect(listed.data!.resources.map((k) => k.name)).toEqual(["via-msw"]);
    const head = await client.HEAD("/api/v2/keys", {});
    expect(head.response.headers.get("key-total")).toBe("1");
  });
});
