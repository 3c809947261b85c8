/** Bad widget requests are rejected by the mock with the documented failure shape, and by the client where it can tell. */
import { describe, expect, it } from "vitest";
import { createWidgetClient } from "cloud-interfaces/widget";
import { InputError } from "cloud-interfaces/core";
import { mockUrl } from "../harness/mocks.js";
import { validateAt } from "../harness/validator.js";

const PATH = "/developers/flex-api/widget-url";
const valid = { key: "prj_4f1c2a9d", user_email: "user@example.com", package_id: 1042 };
const client = () => createWidgetClient({ baseUrl: mockUrl("widget"), credentials: { apiKey: "prj_4f1c2a9d" }, validate: false });

describe("widget bad input", () => {
  const rejected: [string, Record<string, unknown>, RegExp][] = [
    ["neither package identifier", { key: valid.key, user_email: valid.user_email }, /anyOf|package_id|package_sku_id/],
    ["package_id as a string", { ...valid, package_id: "1042" }, /package_id|anyOf|type/],
    ["missing key", { user_email: valid.user_email, package_id: 1 }, /key/],
    ["missing user_email", { key: valid.key, package_id: 1 }, /user_email/],
    ["user_email not an email", { ...valid, user_email: "not-an-email" }, /format|email/],
    ["custom as a string", { ...valid, custom: "x" }, /custom|type/],
    ["flex as 2", { ...valid, flex: 2 }, /flex|enum/],
  ];

  it.each(rejected)("%s → 400 with the documented failure body", async (_name, body, violation) => {
    const { error, response } = await client().POST(PATH, { body: body as never });
    expect(response.status).toBe(400);
    expect(response.headers.get("sl-violations") ?? "").toMatch(violation);
    expect(validateAt("widget", "#/components/schemas/WidgetUrlFailure", error)).toEqual([]);
  });

  it("missing X-ApiKey → 401 with the documented failure body", async () => {
    const anonymous = createWidgetClient({ baseUrl: mockUrl("widget") });
    const { error, response } = await anonymous.POST(PATH, { body: valid });
    expect(response.status).toBe(401);
    // The documented failure shape, saying which credential is missing (not the example's fixed text).
    expect(Object.keys(error as object).sort()).toEqual(["error", "success"]);
    expect(error).toMatchObject({ success: 0, error: expect.stringContaining("X-ApiKey") });
  });

  it("accepts both readings of flex (1 and true) and its false value (0, false), custom as object or array, and both package identifiers together", async () => {
    for (const extra of [{ flex: 1 }, { flex: true }, { flex: 0 }, { flex: false }, { custom: ["risk", 1] }, { custom: { success_url: "https://x.example" } }, { package_sku_id: "gold-monthly" }]) {
      const { response } = await client().POST(PATH, { body: { ...valid, ...extra } as never });
      expect(response.status, JSON.stringify(extra)).toBe(200);
    }
  });

  it("rejects a content type the operation does not accept before sending", async () => {
    await expect(client().POST(PATH, { body: valid, headers: { "Content-Type": "text/plain" } })).rejects.toThrow(InputError);
  });

  it("rejects an empty or header-breaking API key at creation, without echoing it", () => {
    expect(() => createWidgetClient({ baseUrl: mockUrl("widget"), credentials: { apiKey: " " } })).toThrow(/credentials.apiKey: must not be empty/);
    const secret = "prj_secret\r\nX-Evil: 1";
    try {
      createWidgetClient({ baseUrl: mockUrl("widget"), credentials: { apiKey: secret } });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(InputError);
      expect(String(e) + JSON.stringify(e)).not.toContain("prj_secret");
    }
  });
});

// Issue 14 item 24, checked by tsc (test/typecheck.test.ts): the generated request type takes
// custom.success_url, refuses a request naming neither package, and a 200 body may be a failure.
type WidgetRequest = import("../../generated/widget/types.js").components["schemas"]["WidgetUrlRequest"];
type Widget200 = import("../../generated/widget/types.js").operations["createWidgetUrl"]["responses"][200]["content"]["application/json"];
export const typed: WidgetRequest[] = [
  { ...valid, custom: { success_url: "https://shop.example.com/paid", failure_url: "https://shop.example.com/failed" } },
  { key: "k", user_email: "u@example.com", package_sku_id: "gold-monthly" },
  { key: "k", user_email: "u@example.com", package_id: 1, package_sku_id: "gold-monthly" },
  // @ts-expect-error neither package_id nor package_sku_id
  { key: "k", user_email: "u@example.com" },
];
export const failedWith200: Widget200 = { success: 0, error: "Package not found" };
