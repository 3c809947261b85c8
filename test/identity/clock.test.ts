/**
 * Issue 46: identity under the emulator's movable clock, moved through the control API over HTTP.
 * An access token lives ACCESS_TOKEN_SECONDS: once the clock passes that, introspection says
 * inactive and userinfo answers 401; the refresh token still works (it has no lifetime in the
 * document) and its new access token is active at the moved time.
 */
import { afterEach, describe, expect, it } from "vitest";
import { createEmulator, DEFAULT_CLIENT, DEFAULT_USER, serveHandler, type ServedHandler } from "cloud-interfaces/emulator";
import { ACCESS_TOKEN_SECONDS } from "../../runtime/identity/emulator.js";
import { TEST_ONLY_PRIVATE_JWK } from "./fixtures/test-signing-key.js";

const TENANT = "tenant-1";
const BASIC = `Basic ${btoa(`${DEFAULT_CLIENT.client_id}:${DEFAULT_CLIENT.client_secret}`)}`;
const servers: ServedHandler[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

/** The emulator's base clock in the second test: what reset goes back to. */
const BASE_TIME = Date.parse("2026-06-01T12:00:00Z");

async function setup(clock?: () => number) {
  const emu = createEmulator("identity-v4", { seed: { signingKey: TEST_ONLY_PRIVATE_JWK }, ...(clock ? { clock } : {}) });
  const server = await serveHandler(emu);
  servers.push(server);
  const base = `${server.url}/oauth/v4/${TENANT}`;
  const form = (path: string, body: Record<string, string>) =>
    fetch(`${base}/${path}`, { method: "POST", headers: { authorization: BASIC, "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(body) });
  const control = (method: string, path: string, body?: unknown) =>
    fetch(`${server.url}/__emulator/${path}`, { method, ...(body === undefined ? {} : { headers: { "content-type": "application/json" }, body: JSON.stringify(body) }) });
  const active = async (token: string) => ((await (await form("introspect", { token })).json()) as { active: boolean }).active;
  const userinfo = (token: string) => fetch(`${base}/userinfo`, { headers: { authorization: `Bearer ${token}` } });
  return { emu, form, control, active, userinfo };
}

describe("identity under the movable clock", () => {
  it("an access token expires when the clock passes its lifetime: introspection inactive, userinfo 401; refresh then gives a live one", async () => {
    const t = await setup();
    expect((await t.control("PUT", "clock", { now: "2030-05-01T00:00:00Z" })).status).toBe(200);
    const tokens = (await (await t.form("token", { grant_type: "password", username: DEFAULT_USER.username, password: DEFAULT_USER.password, scope: "openid" })).json()) as { access_token: string; refresh_token: string; expires_in: number };
    expect(tokens.expires_in).toBe(ACCESS_TOKEN_SECONDS);
    expect(await t.active(tokens.access_token)).toBe(true);
    expect((await t.userinfo(tokens.access_token)).status).toBe(200);

    // One second before the end it still lives: the lifetime is the clock's, not the wall's.
    expect((await t.control("POST", "clock/advance", { seconds: ACCESS_TOKEN_SECONDS - 1 })).status).toBe(200);
    expect(await t.active(tokens.access_token)).toBe(true);
    expect((await t.control("POST", "clock/advance", { seconds: 2 })).status).toBe(200);
    expect(await t.active(tokens.access_token)).toBe(false);
    expect((await t.userinfo(tokens.access_token)).status).toBe(401);

    const refreshed = await t.form("token", { grant_type: "refresh_token", refresh_token: tokens.refresh_token });
    expect(refreshed.status).toBe(200);
    const next = (await refreshed.json()) as { access_token: string };
    expect(await t.active(next.access_token)).toBe(true);
    expect((await t.userinfo(next.access_token)).status).toBe(200);
  });

  it("the in-process handle moves the same clock: advanceClock past the lifetime, then reset brings the base clock back", async () => {
    const t = await setup(() => BASE_TIME);
    t.emu.setClock("2030-05-01T00:00:00Z");
    const tokens = (await (await t.form("token", { grant_type: "password", username: DEFAULT_USER.username, password: DEFAULT_USER.password })).json()) as { access_token: string };
    t.emu.advanceClock(ACCESS_TOKEN_SECONDS + 1);
    expect(t.emu.readClock()).toEqual({ now: new Date(Date.parse("2030-05-01T00:00:00Z") + (ACCESS_TOKEN_SECONDS + 1) * 1000).toISOString(), running: false });
    expect(await t.active(tokens.access_token)).toBe(false);
    t.emu.reset();
    expect(t.emu.readClock()).toEqual({ now: new Date(BASE_TIME).toISOString(), running: true });
  });
});
