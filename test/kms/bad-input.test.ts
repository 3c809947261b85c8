// Bad input sent straight through the generated client: the mock must reject each one; the kms
// client (runtime/kms) must reject the same input before sending. Where the mock cannot see the
// mistake (JSON as plain application/json), the clients must not be able to make it.
import { describe, expect, it } from "vitest";
import { createKmsV2Client } from "cloud-interfaces/kms-v2";
import { InputError } from "cloud-interfaces/core";
import { createKmsClient, type KmsClient } from "cloud-interfaces/kms-v2";
import { mockUrl } from "../harness/mocks.js";
import { INSTANCE, KEY_TYPE, TOKEN, scriptedFetch } from "./fakes.js";

const KEYS = "/api/v2/keys";
const resource = { type: KEY_TYPE, name: "k" } as const;
const envelope = (resources: unknown[], collectionTotal = resources.length) => ({
  metadata: { collectionType: KEY_TYPE, collectionTotal },
  resources,
});

function raw(bind: Record<string, string> = {}) {
  return createKmsV2Client({
    baseUrl: mockUrl("kms-v2"),
    credentials: { bearerAuth: TOKEN },
    bind: { "svc-instance": INSTANCE, "X-Kms-Key-Ring": "payroll-ring", ...bind },
    // These cases test the mock's verdict, so the client's own check (test/core/rules.test.ts) is off.
    validate: false,
  });
}

/** A kms client whose fetch must never be called: every case here fails before sending. */
function guarded(options: { instanceId?: string; keyRing?: string } = {}): { kms: () => KmsClient; sent: unknown[] } {
  const { sent, fetch } = scriptedFetch([{ status: 599 }]);
  return { sent, kms: () => createKmsClient({ baseUrl: "https://us-south.kms.example.com", instanceId: INSTANCE, token: TOKEN, fetch, ...options }) };
}

async function inputError(fn: () => unknown): Promise<InputError> {
  const error = await Promise.resolve()
    .then(fn)
    .then(
      () => expect.fail("expected an InputError"),
      (e: unknown) => e,
    );
  expect(error).toBeInstanceOf(InputError);
  return error as InputError;
}

type Row = {
  name: string;
  /** The bad request through the generated client; the mock answers. */
  send: () => Promise<{ response: Response }>;
  violation: RegExp;
  /** The same mistake through the kms client. */
  client: (g: ReturnType<typeof guarded>) => Promise<unknown> | unknown;
  field: string;
  rule: string;
};

const list = (query: Record<string, unknown>, bind?: Record<string, string>) => () =>
  raw(bind).GET(KEYS, { params: { header: {}, query: query as never } });
const upper = INSTANCE.toUpperCase();

// The bound headers are checked by the generated client with every request, so a bad one fails the first call, before sending.
const rows: Row[] = [
  { name: "svc-instance upper-case", send: list({}, { "svc-instance": upper }), violation: /svc-instance.*pattern/, client: () => guarded({ instanceId: upper }).kms().listPage(), field: "svc-instance", rule: "pattern" },
  { name: "svc-instance 35 characters", send: list({}, { "svc-instance": INSTANCE.slice(1) }), violation: /svc-instance.*(minLength|fewer)/, client: () => guarded({ instanceId: INSTANCE.slice(1) }).kms().listPage(), field: "svc-instance", rule: "minLength" },
  { name: "svc-instance 37 characters", send: list({}, { "svc-instance": `${INSTANCE}0` }), violation: /svc-instance.*(maxLength|more)/, client: () => guarded({ instanceId: `${INSTANCE}0` }).kms().listPage(), field: "svc-instance", rule: "maxLength" },
  { name: "key ring of 1 character", send: list({}, { "X-Kms-Key-Ring": "a" }), violation: /x-kms-key-ring.*fewer than 2/i, client: () => guarded({ keyRing: "a" }).kms().listPage(), field: "X-Kms-Key-Ring", rule: "minLength" },
  { name: "key ring of 101 characters", send: list({}, { "X-Kms-Key-Ring": "a".repeat(101) }), violation: /x-kms-key-ring.*more than 100/i, client: () => guarded({ keyRing: "a".repeat(101) }).kms().listPage(), field: "X-Kms-Key-Ring", rule: "maxLength" },
  { name: "key ring with '_'", send: list({}, { "X-Kms-Key-Ring": "pay_roll" }), violation: /x-kms-key-ring.*pattern/i, client: () => guarded({ keyRing: "pay_roll" }).kms().listPage(), field: "X-Kms-Key-Ring", rule: "pattern" },
  { name: "limit 0", send: list({ limit: 0 }), violation: /limit.*>= 1/, client: (g) => g.kms().listPage({ limit: 0 }), field: "limit", rule: "minimum" },
  { name: "limit 5001", send: list({ limit: 5001 }), violation: /limit.*<= 5000/, client: (g) => g.kms().listPage({ limit: 5001 }), field: "limit", rule: "maximum" },
  { name: "offset -1", send: list({ offset: -1 }), violation: /offset.*>= 0/, client: (g) => g.kms().listPage({ offset: -1 }), field: "offset", rule: "minimum" },
  { name: "state 4", send: list({ state: [4] }), violation: /state.*allowed values/, client: (g) => g.kms().listPage({ state: [4 as never] }), field: "state[0]", rule: "enum" },
  { name: "six states", send: list({ state: [0, 1, 2, 3, 5, 1] }), violation: /state.*more than 5 items/, client: (g) => g.kms().listPage({ state: [0, 1, 2, 3, 5, 1] as never }), field: "state", rule: "maxItems" },
  { name: "search of 257 characters", send: list({ search: "s".repeat(257) }), violation: /search.*more than 256/, client: (g) => g.kms().listPage({ search: "s".repeat(257) }), field: "search", rule: "maxLength" },
  // A grammatical filter padded with spaces, so length is the only fault.
  { name: "filter of 513 characters", send: list({ filter: `state=1${" ".repeat(506)}` }), violation: /filter.*more than 512/, client: (g) => g.kms().listPage({ filter: `state=1${" ".repeat(506)}` }), field: "filter", rule: "maxLength" },
  { name: "filter outside its grammar", send: list({ filter: "state=4" }), violation: /filter.*pattern/, client: (g) => g.kms().listPage({ filter: "state=4" }), field: "filter", rule: "pattern" },
  { name: "sort by an unknown property", send: list({ sort: "name" }), violation: /sort.*pattern/, client: (g) => g.kms().listPage({ sort: "name" }), field: "sort", rule: "pattern" },
  { name: "count with state 4", send: () => raw().HEAD(KEYS, { params: { header: {}, query: { state: [4] as never } } }), violation: /state.*allowed values/, client: (g) => g.kms().countKeys({ state: [4 as never] }), field: "state[0]", rule: "enum" },
  { name: "create with zero resources", send: () => raw().POST(KEYS, { params: { header: {} }, body: envelope([]) as never }), violation: /resources.*fewer than 1|collectionTotal/, client: (g) => g.kms().createKey([] as never), field: "body.resources[0]", rule: "type" },
  { name: "create with two resources", send: () => raw().POST(KEYS, { params: { header: {} }, body: envelope([resource, resource]) as never }), violation: /resources.*more than 1|collectionTotal/, client: (g) => g.kms().createKey([resource, resource] as never), field: "body.resources[0]", rule: "type" },
  { name: "create without a name", send: () => raw().POST(KEYS, { params: { header: {} }, body: envelope([{ type: KEY_TYPE }]) as never }), violation: /required.*name/, client: (g) => g.kms().createKey({} as never), field: "body.resources[0].name", rule: "required" },
  { name: "create with a payload that is not base64", send: () => raw().POST(KEYS, { params: { header: {} }, body: envelope([{ ...resource, payload: "not base64!" }]) as never }), violation: /payload.*pattern/, client: (g) => g.kms().createKey({ name: "k", payload: "not base64!" }), field: "body.resources[0].payload", rule: "pattern" },
  // A date without a time: Date.parse reads it, RFC 3339 (format: date-time) does not; the one date-time check of the helpers (runtime/core/date-time.ts).
  { name: "create with an expirationDate without a time", send: () => raw().POST(KEYS, { params: { header: {} }, body: envelope([{ ...resource, expirationDate: "2027-12-31" }]) as never }), violation: /expirationDate.*date-time/, client: (g) => g.kms().createKey({ name: "k", expirationDate: "2027-12-31" }), field: "body.resources[0].expirationDate", rule: "format" },
  { name: "create with Prefer return=full", send: () => raw().POST(KEYS, { params: { header: { Prefer: "return=full" as never } }, body: envelope([resource]) as never }), violation: /prefer.*enum/, client: (g) => g.kms().createKey({ name: "k" }, { return: "full" as never }), field: "Prefer", rule: "enum" },
];

describe("kms bad input", () => {
  it("a good request passes, so the rejections below are about the bad part", async () => {
    const { response } = await raw().GET(KEYS, { params: { header: {}, query: { limit: 5000, offset: 0, search: "s".repeat(256), filter: `state=1${" ".repeat(505)}` } } });
    expect(response.status).toBe(200);
    expect(response.headers.get("sl-violations")).toBeNull();
    const created = await raw().POST(KEYS, { params: { header: { Prefer: "return=minimal" } }, body: envelope([{ ...resource, payload: "AAAA" }]) as never });
    expect(created.response.status).toBe(201);
  });

  it.each(rows.map((r) => [r.name, r] as const))("%s: 400 from the mock", async (_name, row) => {
    const { response } = await row.send();
    expect(response.status).toBe(400);
    expect(response.headers.get("sl-violations") ?? "").toMatch(row.violation);
  });

  it.each(rows.map((r) => [r.name, r] as const))("%s: InputError from the kms client, nothing sent", async (_name, row) => {
    const g = guarded();
    const error = await inputError(() => row.client(g));
    expect(error).toMatchObject({ field: row.field, rule: row.rule });
    expect(g.sent).toHaveLength(0);
  });

  it("missing svc-instance: 400 from the mock; the kms client's first call fails before sending", async () => {
    const { response } = await createKmsV2Client({ baseUrl: mockUrl("kms-v2"), credentials: { bearerAuth: TOKEN }, validate: false }).GET(KEYS, { params: { header: {} } });
    expect(response.status).toBe(400);
    expect(response.headers.get("sl-violations")).toMatch(/svc-instance/);
    const { sent, fetch } = scriptedFetch([{ status: 599 }]);
    expect(await inputError(() => createKmsClient({ baseUrl: "https://us-south.kms.example.com", token: TOKEN, fetch } as never).listPage())).toMatchObject({ field: "svc-instance", rule: "required" });
    expect(sent).toHaveLength(0);
  });

  it("missing token: 401 with the documented body", async () => {
    const { response, error } = await createKmsV2Client({ baseUrl: mockUrl("kms-v2"), bind: { "svc-instance": INSTANCE }, validate: false }).GET(KEYS, { params: { header: {} } });
    expect(response.status).toBe(401);
    expect(error).toMatchObject({ resources: [{ errorMsg: expect.stringMatching(/^Unauthorized/) }] });
  });
});

// Issue 14 item 17: the generated type of Prefer is the document's enum, so a misspelt
// preference does not compile (tsc runs over the tests in test/typecheck.test.ts).
export function preferIsTheEnum(client: ReturnType<typeof raw>) {
  void client.POST(KEYS, { params: { header: { Prefer: "return=minimal" } }, body: envelope([resource]) as never });
  // @ts-expect-error "return=minmal" is not one of return=representation, return=minimal
  void client.POST(KEYS, { params: { header: { Prefer: "return=minmal" } }, body: envelope([resource]) as never });
}

describe("create media type", () => {
  it("a body in a type the operation does not accept is rejected by the mock (415 violation)", async () => {
    const response = await fetch(`${mockUrl("kms-v2")}${KEYS}`, {
      method: "POST",
      headers: { authorization: `Bearer ${TOKEN}`, "svc-instance": INSTANCE, "content-type": "text/plain" },
      body: JSON.stringify(envelope([resource])),
    });
    expect(response.status).toBe(400);
    expect(response.headers.get("sl-violations")).toMatch(/415.*application\/vnd\.svc\.kms\.key\+json/);
  });

  it("the mock accepts plain application/json, which the document declares beside the vendor type (issue 14 item 16)", async () => {
    const response = await fetch(`${mockUrl("kms-v2")}${KEYS}`, {
      method: "POST",
      headers: { authorization: `Bearer ${TOKEN}`, "svc-instance": INSTANCE, "content-type": "application/json" },
      body: JSON.stringify(envelope([resource])),
    });
    expect(response.status).toBe(201);
  });

  it("the generated client sends the vendor type by default, plain JSON when asked, and refuses any other type before sending", async () => {
    const { sent, fetch } = scriptedFetch([{ status: 201, body: envelope([{ id: INSTANCE }]) }, { status: 201, body: envelope([{ id: INSTANCE }]) }]);
    const client = createKmsV2Client({ baseUrl: "https://us-south.kms.example.com", fetch, credentials: { bearerAuth: TOKEN }, bind: { "svc-instance": INSTANCE } });
    await client.POST(KEYS, { params: { header: {} }, body: envelope([resource]) as never });
    expect(sent[0]!.headers.get("content-type")).toBe(KEY_TYPE);
    await client.POST(KEYS, { params: { header: {} }, body: envelope([resource]) as never, headers: { "Content-Type": "application/json" } });
    expect(sent[1]!.headers.get("content-type")).toBe("application/json");
    for (const type of ["text/plain", "application/vnd.svc.collection+json"]) {
      expect(await inputError(() => client.POST(KEYS, { params: { header: {} }, body: envelope([resource]) as never, headers: { "Content-Type": type } }))).toMatchObject({
        field: "Content-Type",
      });
    }
    expect(sent).toHaveLength(2);
  });

  it("the kms client has no way to choose the type: every create goes out as the vendor type", async () => {
    const { sent, fetch } = scriptedFetch([{ status: 201, body: envelope([{ id: INSTANCE }]) }]);
    const kms = createKmsClient({ baseUrl: "https://us-south.kms.example.com", instanceId: INSTANCE, token: TOKEN, fetch });
    await kms.createKey({ name: "k" }, { return: "minimal" });
    // @ts-expect-error CreateOptions has no headers: the type cannot be overridden
    await kms.createKey({ name: "k" }, { headers: { "Content-Type": "application/json" } });
    expect(sent.map((s) => s.headers.get("content-type"))).toEqual([KEY_TYPE, KEY_TYPE]);
    expect(JSON.parse(sent[1]!.body).resources).toEqual([{ type: KEY_TYPE, name: "k" }]);
  });
});
