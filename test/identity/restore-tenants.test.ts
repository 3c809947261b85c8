/**
 * A snapshot of an identity emulator that has served a tenant restores (found by Try it, issue 48:
 * every identity state with a tenant was refused with "1 partitions; the emulator holds at most
 * 0", because tenants are the plug-in's own partitions, not an x-resource's, and the restore
 * check read no cap for them). The tenants' cap still holds on restore.
 */
import { describe, expect, it } from "vitest";
import { createEmulator } from "cloud-interfaces/emulator";
import { placeholderBaseUrl } from "../../runtime/emulator/servers.js";
import { StateError } from "../../runtime/emulator/snapshot.js";

const TENANT = "6d1a4b2c-93f5-4c8e-a1f0-3b7e9d2c5a41";
const EXAMPLE_TOKEN = "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiI3YjNlOGYxMiJ9.c2lnbmF0dXJl";

describe.each(["identity-v3", "identity-v4"] as const)("%s: a state with a tenant restores", (id) => {
  const prefix = id === "identity-v3" ? "/oauth/v3" : "/oauth/v4";
  it("restore(snapshot()) after a tenant was served gives the same snapshot; past the tenants' cap it is refused", async () => {
    const a = createEmulator(id);
    const reply = await a.dispatch({ method: "GET", url: `${placeholderBaseUrl(id)}${prefix}/${TENANT}/userinfo`, headers: { get: (n) => (n === "authorization" ? `Bearer ${EXAMPLE_TOKEN}` : null) }, text: async () => "" });
    expect(reply.status).toBe(200);
    const snapshot = JSON.parse(JSON.stringify(a.snapshot()));
    expect(snapshot.state.partitions.$map).toHaveLength(1);
    const b = createEmulator(id);
    b.restore(snapshot);
    expect(b.snapshot()).toEqual(snapshot);
    expect(() => createEmulator(id, { caps: { identityTenants: 0 } }).restore(snapshot)).toThrow(StateError);
  });
});
