/**
 * Issue 44: a 2xx whose body is not its declared media type (`200 text/html` where JSON is
 * documented) is a typed CloudInterfacesError naming the operation, the status and the media
 * type, never a bare SyntaxError, and never quoting the body (it may echo a secret).
 */
import { describe, expect, it } from "vitest";
import { CloudInterfacesError, ResponseParseError } from "cloud-interfaces/core";
import { fakeFetch, SECRET, secretsIn, testClient, thrown } from "./harness.js";

const page = `<html><body>${SECRET.bearer}</body></html>`;

describe("a success answer that does not parse as JSON", () => {
  it.each([
    ["chunked (no Content-Length)", {}],
    ["with a Content-Length", { "content-length": String(page.length) }],
  ])("is a ResponseParseError, %s", async (_, extra) => {
    const { fetch } = fakeFetch(() => new Response(page, { status: 200, headers: { "content-type": "text/html; charset=utf-8", ...extra } }));
    const error = await thrown(() => testClient({ fetch }).GET!("/v1/instances/{instance_id}/topics/{id}", { params: { path: { id: "t1" } } }));
    expect(error).toBeInstanceOf(CloudInterfacesError);
    expect(error).toBeInstanceOf(ResponseParseError);
    expect(error).toMatchObject({ name: "ResponseParseError", operation: "getTopic", status: 200, mediaType: "text/html" });
    expect(error.message).toBe("getTopic: the 200 answer (text/html) is not valid JSON");
    expect(secretsIn(`${error.message} ${error.stack} ${JSON.stringify(error)}`)).toEqual([]);
  });

  it("names a missing media type as such", async () => {
    const { fetch } = fakeFetch(() => new Response(new TextEncoder().encode("{"), { status: 201 }));
    const error = await thrown(() => testClient({ fetch }).GET!("/v1/open"));
    expect(error).toMatchObject({ name: "ResponseParseError", operation: "open", status: 201, mediaType: "(none)" });
  });

  it("leaves an error answer's unparsable body as text (an ApiError's body), as before", async () => {
    const { fetch } = fakeFetch(() => new Response("<html>busy</html>", { status: 503, headers: { "content-type": "text/html" } }));
    expect((await testClient({ fetch }).GET!("/v1/open")).error).toBe("<html>busy</html>");
  });
});
