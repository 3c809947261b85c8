/**
 * Issue 26, widget: the flexible product is a component schema again (every field the
 * interface document lists, the periodType enum), exported as a type; `flex` takes both
 * values of a boolean in both encodings, and only 1/true marks a flexible subscription.
 */
import { describe, expect, it } from "vitest";
import { createWidgetClient, type components } from "cloud-interfaces/widget";
import { emulator } from "../emulator/harness.js";
import { bundledDocument } from "../harness/documents.js";
import { validateAt } from "../harness/validator.js";
import { placeholderBaseUrl } from "cloud-interfaces/emulator";

type FlexibleProduct = components["schemas"]["FlexibleProduct"];

const product: FlexibleProduct = {
  amount: 9.99,
  currencyCode: "USD",
  name: "Gold monthly",
  productId: "gold-monthly",
  productType: "subscription",
  periodLength: 1,
  periodType: "month",
  recurring: 1,
};

describe("FlexibleProduct", () => {
  it("lists every field of §4C as required, with the periodType enum", () => {
    const schema = bundledDocument("widget").components.schemas.FlexibleProduct;
    expect([...schema.required].sort()).toEqual(["amount", "currencyCode", "name", "periodLength", "periodType", "productId", "productType", "recurring"]);
    expect(schema.properties.periodType.enum).toEqual(["day", "week", "month"]);
    expect(schema.properties.productType.enum).toEqual(["subscription"]);
  });

  it("validates a product and refuses a period type outside the enum or a missing field", () => {
    const at = "#/components/schemas/FlexibleProduct";
    expect(validateAt("widget", at, product)).toEqual([]);
    expect(validateAt("widget", at, { ...product, periodType: "year" })).not.toEqual([]);
    const { recurring: _, ...missing } = product;
    expect(validateAt("widget", at, missing)).not.toEqual([]);
  });

  it("is typed: a wrong periodType does not compile", () => {
    // @ts-expect-error "year" is not one of day, week, month
    const wrong: FlexibleProduct = { ...product, periodType: "year" };
    expect(wrong.periodType).toBe("year");
  });

  it("the prose says where it is used", () => {
    expect(bundledDocument("widget").info.description).toMatch(/FlexibleProduct[\s\S]*product list[\s\S]*components\["schemas"\]\["FlexibleProduct"\]/);
  });
});

describe("flex", () => {
  it.each([[0], [false], [1], [true]] as [0 | 1 | boolean][])("%s is accepted; only 1/true marks a flexible subscription in the emulator's URL", async (flex) => {
    const env = emulator("widget");
    const client = createWidgetClient({ baseUrl: placeholderBaseUrl("widget"), credentials: { apiKey: "prj_4f1c2a9d" }, fetch: env.fetch });
    const { data, response } = await client.POST("/developers/flex-api/widget-url", {
      body: { key: "prj_4f1c2a9d", user_email: "user@example.com", package_id: 1042, flex },
    });
    expect(response.status).toBe(200);
    const url = new URL((data as { data: string }).data);
    expect(url.searchParams.get("flex")).toBe(flex === 1 || flex === true ? "1" : null);
  });
});
