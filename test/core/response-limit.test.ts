/**
 * `maxResponseBytes`: a client reads no answer body past its limit. Against real loopback servers
 * (an endless chunked body, a body announced as 1 TB): the call rejects with a
 * ResponseTooLargeError, and what the server managed to write shows the read stopped.
 */
import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_MAX_BODY_BYTES, InputError, ResponseTooLargeError } from "cloud-interfaces/core";
import { HARD_STOP_BYTES, hostileServers, type HostileServer } from "../../scripts/lib/hostile-servers.js";
import { testClient, thrown } from "./harness.js";

let server: HostileServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Socket buffers on both sides hold a few MiB whatever the client reads; an unbounded read runs to the hard stop. */
const BUFFERS = 16 * 1024 * 1024;

describe("maxResponseBytes", () => {
  it("refuses an endless body at the limit, reading no further", async () => {
    server = await hostileServers.endless();
    const client = testClient({ baseUrl: server.url, maxResponseBytes: 64 * 1024 });
    const error = await thrown(() => client.GET!("/v1/open"));
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect(error).toMatchObject({ operation: "open", maxBytes: 64 * 1024 });
    expect(error.message).toBe("open: the answer is larger than maxResponseBytes (65536 bytes); it was not read further");
    expect(server.written).toBeLessThan(BUFFERS);
  });

  it("refuses a Content-Length over the limit before reading the body", async () => {
    server = await hostileServers.hugeContentLength();
    const error = await thrown(() => testClient({ baseUrl: server!.url, maxResponseBytes: 64 * 1024 }).GET!("/v1/open"));
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect(server.written).toBeLessThan(BUFFERS);
  });

  it("holds by default, at DEFAULT_MAX_BODY_BYTES (16 MiB)", async () => {
    expect(DEFAULT_MAX_BODY_BYTES).toBe(16 * 1024 * 1024);
    server = await hostileServers.endless();
    const error = await thrown(() => testClient({ baseUrl: server!.url }).GET!("/v1/open"));
    expect(error).toMatchObject({ name: "ResponseTooLargeError", maxBytes: DEFAULT_MAX_BODY_BYTES });
    expect(server.written).toBeLessThan(DEFAULT_MAX_BODY_BYTES + BUFFERS);
  });

  it("reads a body within the limit, and Infinity reads any", async () => {
    const body = JSON.stringify({ padding: "x".repeat(100_000) });
    server = await hostileServers.always(200, { "content-type": "application/json" }, body);
    expect((await testClient({ baseUrl: server.url, maxResponseBytes: body.length }).GET!("/v1/open")).data).toEqual(JSON.parse(body));
    expect((await testClient({ baseUrl: server.url, maxResponseBytes: Infinity }).GET!("/v1/open")).data).toEqual(JSON.parse(body));
    expect(server.written).toBeLessThan(HARD_STOP_BYTES);
  });

  it.each([0, -1, 1.5, NaN, "16MiB"])("refuses maxResponseBytes %s at creation", async (maxResponseBytes) => {
    const error = await thrown(() => testClient({ maxResponseBytes }));
    expect(error).toBeInstanceOf(InputError);
    expect(error).toMatchObject({ field: "maxResponseBytes", rule: "minimum" });
  });
});
