/**
 * Issue 24: the KMS helper is sugar over the generated client. One checker: a `search` of
 * astral characters is counted in code points by both (runtime/kms/rules.ts used to count
 * UTF-16 units, so a 200-emoji search was sent by one and refused by the other). One retry
 * engine and one Clock: the one createKmsV2Client takes is the one cloud-interfaces/kms-v2 exports.
 */
import { describe, expect, it } from "vitest";
import { InputError } from "cloud-interfaces/core";
import { createKmsClient, createKmsV2Client, type Clock } from "cloud-interfaces/kms-v2";
import { rules } from "../../generated/kms-v2/rules.js";
import { INSTANCE, TOKEN, fakeClock, keyBody, rejection, scriptedFetch } from "./fakes.js";

const MAX = rules.operations["GET /api/v2/keys"]!.query!.search!.maxLength!;
const emoji = (n: number) => "\u{1F511}".repeat(n);

function both() {
  const { sent, fetch } = scriptedFetch(() => ({ status: 200, body: keyBody([]) }));
  const helper = createKmsClient({ baseUrl: "https://us-south.kms.example.com", instanceId: INSTANCE, token: TOKEN, fetch });
  const generated = createKmsV2Client({ baseUrl: "https://us-south.kms.example.com", credentials: { bearerAuth: TOKEN }, bind: { "svc-instance": INSTANCE }, fetch });
  return {
    sent,
    helper: (search: string) => helper.listPage({ search }),
    generated: (search: string) => generated.GET("/api/v2/keys", { params: { query: { search } } }),
  };
}

describe("a search of astral characters", () => {
  it.each([200, MAX])("of %i emoji (at most maxLength, twice as many UTF-16 units) is sent by both clients", async (n) => {
    const { sent, helper, generated } = both();
    await helper(emoji(n));
    await generated(emoji(n));
    expect(sent).toHaveLength(2);
  });

  it.each([MAX + 1])("of %i emoji (over maxLength) is refused by both clients alike", async (n) => {
    const { sent, helper, generated } = both();
    const byHelper = await rejection(helper(emoji(n)));
    const byGenerated = await rejection(generated(emoji(n)));
    expect(byHelper).toBeInstanceOf(InputError);
    expect(byGenerated).toBeInstanceOf(InputError);
    expect({ field: (byHelper as InputError).field, rule: (byHelper as InputError).rule }).toEqual({ field: (byGenerated as InputError).field, rule: (byGenerated as InputError).rule });
    expect(sent).toHaveLength(0);
  });
});

describe("one Clock", () => {
  it("the Clock cloud-interfaces/kms-v2 exports drives the generated client's retries", async () => {
    const clock: Clock & { waits: number[] } = fakeClock();
    const { sent, fetch } = scriptedFetch([{ status: 429, headers: { "Retry-After": "2" } }, { status: 200, body: keyBody([]) }]);
    const generated = createKmsV2Client({ baseUrl: "https://us-south.kms.example.com", credentials: { bearerAuth: TOKEN }, bind: { "svc-instance": INSTANCE }, fetch, clock });
    expect((await generated.GET("/api/v2/keys")).response.status).toBe(200);
    expect(clock.waits).toEqual([2000]);
    expect(sent).toHaveLength(2);
  });
});
