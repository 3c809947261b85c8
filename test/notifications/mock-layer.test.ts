/** The mock layer's promises (issue 15) on notifications: a bad Content-Type from a CLI process, bad percent-encoding, malformed JSON. */
import { spawn } from "node:child_process";
import { describe, expect, it, vi } from "vitest";
import { errorsAt } from "../harness/validator.js";
import { baseline, send, withHeaders } from "../mock/wire.js";

const TOPICS = "/v1/instances/9de2c1f3-6a3b-4e5c-8d7f-1a2b3c4d5e6f/topics";

const KMS_TYPE = "application/vnd.svc.kms.key+json";

describe("never dies", () => {
  it("the issue's curl line (Content-Type: a on notifications) gets the documented 400 naming the header, from a CLI process that stays up and logs it", async () => {
    const child = spawn(process.execPath, ["--import", "tsx", "-e", `import("./runtime/cli/commands.ts").then((m) => m.runCli(["mock", "notifications-v1", "--port", "0", "--log"]))`], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr!.on("data", (d) => (stderr += d));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = "";
        // tsx and Prism loading in a second Node: seconds when quiet, many more on a loaded machine.
        const waited = setTimeout(() => reject(new Error(`mock CLI (notifications-v1) printed no "listening on" line within 90 s: ${out}${stderr}`)), 90_000);
        child.once("exit", () => clearTimeout(waited));
        child.stdout!.on("data", (d) => {
          out += d;
          const m = /listening on (http:\/\/\S+)/.exec(out);
          if (m) (clearTimeout(waited), resolve(m[1]!));
        });
        child.once("exit", (code) => reject(new Error(`mock CLI exited ${code}: ${stderr}`)));
      });
      const bad = await fetch(`${url}${TOPICS}`, { headers: { "Content-Type": "a" } });
      expect(bad.status).toBe(400);
      const body = await bad.json();
      expect(errorsAt("notifications-v1", "#/components/schemas/ErrorResponse", body)).toEqual([]);
      expect(body.errors[0].message).toMatch(/content-type.*not a media type.*"a"/);
      // Still up: the same process answers the next request.
      const next = await fetch(`${url}${TOPICS}`, { headers: { Accept: ";;;=" } });
      expect(next.status).toBe(400);
      expect(child.exitCode).toBeNull();
      await vi.waitFor(() => expect(stderr).toMatch(/GET \/v1\/instances\/.*\/topics → 400/));
    } finally {
      child.kill();
    }
  }, 120_000);

  it("bad percent-encoding in a path parameter gets the documented 400, not Prism's URIError as a 500", async () => {
    const w = await baseline("notifications-v1", "GET /v1/instances/{instance_id}/topics/{id}");
    const r = await send("notifications-v1", { ...w, target: w.target.replace(/\/topics\/[^/?]+/, "/topics/%zz%") });
    expect(r.status).toBe(400);
    expect(r.json.errors[0].message).toMatch(/percent-encoding.*%zz%/);
  });

});

describe("tells the truth", () => {
  it("malformed JSON gets the document's 400 shape, not Prism's invalid_json", async () => {
    const r = await send("notifications-v1", withHeaders(await baseline("notifications-v1", `POST /v1/instances/{instance_id}/topics`), {}, '{"name":'));
    expect(r.status).toBe(400);
    expect(errorsAt("notifications-v1", "#/components/schemas/ErrorResponse", r.json)).toEqual([]);
    expect(r.json.errors[0].message).toMatch(/not JSON/);
  });

});
