/** `cloud-interfaces mock kms-v2 --stateful` as a process a team in any language can run. */
import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";

describe("cloud-interfaces mock <id> --stateful, as a process", () => {
  it("serves the emulator: a key created through it is in the next list, and --caps bounds the keys", async () => {
    const child = spawn(process.execPath, ["--import", "tsx", "runtime/cli/main.ts", "mock", "kms-v2", "--stateful", "--port", "0", "--caps", "kmsKeysPerInstance=1"], { stdio: ["ignore", "pipe", "pipe"] });
    let stderr = "";
    child.stderr!.on("data", (d) => (stderr += d));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = "";
        child.stdout!.on("data", (d) => {
          out += d;
          const m = /kms-v2 stateful emulator listening on (http:\/\/\S+)/.exec(out);
          if (m) resolve(m[1]!);
        });
        child.once("exit", (code) => reject(new Error(`exited ${code}: ${stderr}`)));
      });
      const KEY = "application/vnd.svc.kms.key+json";
      const headers = { authorization: "Bearer t", "svc-instance": "0c7d3a52-8f41-4b6e-9d2a-1e5f6a7b8c9d" };
      const created = await fetch(`${url}/api/v2/keys`, {
        method: "POST",
        headers: { ...headers, "content-type": KEY },
        body: JSON.stringify({ metadata: { collectionType: KEY, collectionTotal: 1 }, resources: [{ type: KEY, name: "from-the-cli" }] }),
      });
      expect(created.status).toBe(201);
      const listed = (await (await fetch(`${url}/api/v2/keys`, { headers })).json()) as { resources: { name: string }[] };
      expect(listed.resources.map((k) => k.name)).toContain("from-the-cli");
      // --caps kmsKeysPerInstance=1 is the API's caps option: the second key is past the cap.
      const second = await fetch(`${url}/api/v2/keys`, {
        method: "POST",
        headers: { ...headers, "content-type": KEY },
        body: JSON.stringify({ metadata: { collectionType: KEY, collectionTotal: 1 }, resources: [{ type: KEY, name: "past-the-cap" }] }),
      });
      expect(second.status).toBe(400);
      expect(await second.text()).toContain("at most 1");
    } finally {
      child.kill("SIGTERM");
    }
    expect(await new Promise((resolve) => child.once("exit", (code) => resolve(code)))).toBe(0);
  });
});
