/**
 * The validating proxy hands back the upstream's answer as it came: the same body bytes and no
 * header the upstream did not send. Re-wrapping the body as a string made WHATWG add
 * `content-type: text/plain` to bodyless answers (a 303, an empty 200) and re-encoded bytes that
 * were not UTF-8; the forms' comparison in test/mock/battery-emulators.test.ts found it (issue 43).
 */
import { describe, expect, it } from "vitest";
import { SERVICE_IDS, type ServiceId } from "cloud-interfaces/mock";
import { createProxyHandler } from "../../runtime/verify/proxy.js";

const through = (upstream: Response) =>
  createProxyHandler(SERVICE_IDS[0] as ServiceId, { target: "http://upstream.test", fetch: async () => upstream }, () => undefined)(new Request("http://proxy.test/not/documented"));

describe("the proxy's answer", () => {
  it("adds no Content-Type to an answer without a body", async () => {
    const answer = await through(new Response(null, { status: 303, headers: { location: "http://client.test/cb" } }));
    expect(answer.status).toBe(303);
    expect(answer.headers.get("content-type")).toBeNull();
    expect(answer.headers.get("location")).toBe("http://client.test/cb");
  });

  it("keeps the body's bytes, UTF-8 or not", async () => {
    const bytes = new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]);
    const answer = await through(new Response(bytes, { status: 200, headers: { "content-type": "application/octet-stream" } }));
    expect(new Uint8Array(await answer.arrayBuffer())).toEqual(bytes);
  });

  it("forwards every header value the upstream sent: several Set-Cookie, repeated Vary and Link", async () => {
    const headers = new Headers();
    for (const c of ["a=1; Path=/", "b=2; HttpOnly", "c=3; Secure"]) headers.append("set-cookie", c);
    headers.append("vary", "Accept");
    headers.append("vary", "Origin");
    headers.append("link", "<http://upstream.test/p2>; rel=next");
    headers.append("link", "<http://upstream.test/p1>; rel=first");
    const answer = await through(new Response(null, { status: 204, headers }));
    expect(answer.headers.getSetCookie()).toEqual(["a=1; Path=/", "b=2; HttpOnly", "c=3; Secure"]);
    expect(answer.headers.get("vary")).toBe("Accept, Origin");
    expect(answer.headers.get("link")).toBe("<http://upstream.test/p2>; rel=next, <http://upstream.test/p1>; rel=first");
  });
});
