/**
 * CORS on every HTTP form (issue 35): the Prism mock, the stateful mock, serveHandler and the
 * proxy answer a preflight, let a page on any origin read an answer and its headers, never
 * allow credentials, and with `cors: false` do none of it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEmulator, serveHandler } from "cloud-interfaces/emulator";
import { startMock } from "cloud-interfaces/mock";
import { startProxy } from "cloud-interfaces/verify";
import { COMMANDS } from "../../runtime/cli/commands.js";
import { parseCommand } from "../../runtime/cli/options.js";
import { listTarget } from "../../scripts/lib/hostile-servers.js";
import type { ServiceId } from "../../generated/service-ids.js";

const target = listTarget();
const id = target.id as ServiceId;
/** A page's origin, as a dev server's. */
const ORIGIN = "http://localhost:5173";
const path = target.list.path.replace(/\{[^}]+\}/g, "5a5a5a5a-0000-4000-8000-000000000001");

type Form = { url: string; close(): Promise<void> };
const forms: Record<string, (cors?: boolean) => Promise<Form>> = {
  "Prism mock": (cors) => startMock(id, { port: 0, ...(cors === undefined ? {} : { cors }) }),
  "stateful mock": (cors) => startMock(id, { port: 0, stateful: true, ...(cors === undefined ? {} : { cors }) }),
  serveHandler: (cors) => serveHandler(createEmulator(id), cors === undefined ? {} : { cors }),
  proxy: async (cors) => {
    const upstream = await serveHandler(createEmulator(id), { cors: false });
    const proxy = await startProxy(id, { target: upstream.url, port: 0, write: () => undefined, ...(cors === undefined ? {} : { cors }) });
    return { url: proxy.url, close: async () => (await proxy.close(), await upstream.close()) };
  },
};

describe.each(Object.keys(forms))("CORS on the %s", (form) => {
  let on: Form;
  let off: Form;
  beforeAll(async () => {
    [on, off] = await Promise.all([forms[form]!(), forms[form]!(false)]);
  });
  afterAll(async () => {
    await Promise.all([on?.close(), off?.close()]);
  });

  const preflight = (base: string) =>
    fetch(`${base}${path}`, { method: "OPTIONS", headers: { origin: ORIGIN, "access-control-request-method": "GET", "access-control-request-headers": "authorization, x-custom" } });

  it("answers a preflight with the method and headers asked for, never credentials", async () => {
    const answer = await preflight(on.url);
    expect(answer.status).toBe(204);
    expect(answer.headers.get("access-control-allow-origin")).toBe("*");
    expect(answer.headers.get("access-control-allow-methods")).toBe("GET");
    expect(answer.headers.get("access-control-allow-headers")).toBe("authorization, x-custom");
    expect(answer.headers.get("access-control-allow-credentials")).toBeNull();
  });

  it("lets a page read an answer and every header it carries", async () => {
    const answer = await fetch(`${on.url}${path}`, { headers: { origin: ORIGIN } });
    expect(answer.headers.get("access-control-allow-origin")).toBe("*");
    expect(answer.headers.get("access-control-allow-credentials")).toBeNull();
    // Every header the handler set is exposed (not those a page may read anyway, nor those Node's server adds itself), and only those the answer carries.
    const NOT_EXPOSED = new Set(["content-type", "content-length", "connection", "keep-alive", "date"]);
    const carried = [...answer.headers.keys()];
    const exposed = (answer.headers.get("access-control-expose-headers") ?? "").split(", ").filter(Boolean);
    expect(carried.filter((n) => !n.startsWith("access-control-") && !NOT_EXPOSED.has(n)).filter((n) => !exposed.includes(n))).toEqual([]);
    expect(exposed.filter((n) => !carried.includes(n))).toEqual([]);
    // A caller that is not a page (no Origin) gets no CORS headers.
    expect((await fetch(`${on.url}${path}`)).headers.get("access-control-allow-origin")).toBeNull();
  });

  it("with cors off, does neither", async () => {
    const answer = await preflight(off.url);
    expect(answer.status).not.toBe(204);
    expect(answer.headers.get("access-control-allow-origin")).toBeNull();
    expect((await fetch(`${off.url}${path}`, { headers: { origin: ORIGIN } })).headers.get("access-control-allow-origin")).toBeNull();
  });
});

describe("--no-cors", () => {
  it("is the CLI form of cors: false, on mock and proxy (on by default)", () => {
    for (const name of ["mock", "proxy"]) {
      const command = COMMANDS.find((c) => c.name === name)!;
      expect(parseCommand(command, [id]).values.cors).toBe(true);
      expect(parseCommand(command, [id, "--no-cors"]).values.cors).toBe(false);
    }
    expect(() => parseCommand(COMMANDS.find((c) => c.name === "docs")!, ["--no-cors"])).toThrow(/Unknown option '--no-cors'/);
  });
});
