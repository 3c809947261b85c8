/**
 * Issue 45, a rule stated in prose made a keyword: introspection's exp and iat are NumericDates in
 * seconds (RFC 7662 §2.2), so the contract the proxy and verify share finds milliseconds.
 */
import { expect, it } from "vitest";
import { jsonAnswer, proxyResponseProblems } from "../verify/proxy-problems.js";

const introspection = (exp: number) =>
  proxyResponseProblems("identity-v4", jsonAnswer(200, { active: true, exp, iat: exp - 3600 }), "/oauth/v4/tenant-1/introspect", {
    method: "POST",
    headers: { authorization: `Basic ${btoa("client:secret")}`, "content-type": "application/x-www-form-urlencoded" },
    body: "token=abc",
  });

it("identity: introspection exp in seconds passes; in milliseconds is past the range", async () => {
  expect(await introspection(1_767_229_200)).toEqual([]);
  expect((await introspection(1_767_229_200_000)).join("\n")).toMatch(/<= 253402300799/);
});
