/**
 * Issue 45, a rule stated in prose made a keyword: an errorMsg is one line starting with the
 * status name (a pattern), so the contract the proxy and verify share finds a stack trace.
 */
import { expect, it } from "vitest";
import { jsonAnswer, proxyResponseProblems } from "../verify/proxy-problems.js";

const kmsError = (errorMsg: string) =>
  proxyResponseProblems("kms-v2", jsonAnswer(401, { metadata: { collectionType: "application/vnd.svc.kms.error+json", collectionTotal: 1 }, resources: [{ errorMsg }] }, "application/vnd.svc.kms.error+json"), "/api/v2/keys", {
    headers: { authorization: "Bearer t", "svc-instance": "a2b6a2b6-0f3e-4bd2-9a51-7e1d0c4f5a6b" },
  });

it("kms: an errorMsg of one line starting with the status name passes; a stack trace or an exception name does not", async () => {
  expect(await kmsError("Unauthorized: the credentials are invalid")).toEqual([]);
  expect(await kmsError("Unauthorized")).toEqual([]);
  expect((await kmsError("Unauthorized: boom\n    at Object.handle (/srv/app/routes.js:88:11)")).join("\n")).toMatch(/pattern/);
  expect((await kmsError("TypeError: Cannot read properties of undefined (reading 'id')")).join("\n")).toMatch(/pattern/);
});
