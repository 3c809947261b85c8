/**
 * Flexible products shaped as the payment platform's own PHP client builds them
 * (paymentwall/paymentwall-php lib/Paymentwall/Product.php, Widget.php): a subscription with a
 * trial product, whose amount may be 0 (a free trial; Product's amount defaults to 0.0), sent in
 * place of the product's own amount. Issue 37, widget.
 */
import { describe, expect, it } from "vitest";
import { validateAt } from "../harness/validator.js";

const AT = "#/components/schemas/FlexibleProduct";
const gold = { amount: 9.99, currencyCode: "USD", name: "Gold Membership", productId: "product301", productType: "subscription", periodLength: 1, periodType: "month", recurring: 1 };

describe("widget: the payment platform's product shapes", () => {
  it("a free trial period (amount 0), as Paymentwall_Product builds a trialProduct, is a valid product", () => {
    expect(validateAt("widget", AT, { ...gold, amount: 0, name: "Gold trial", productId: "product301-trial", periodLength: 7, periodType: "day" })).toEqual([]);
    expect(validateAt("widget", AT, gold)).toEqual([]);
  });

  it("a negative amount, an empty name or an empty product id is still refused", () => {
    expect(validateAt("widget", AT, { ...gold, amount: -0.01 })).not.toEqual([]);
    expect(validateAt("widget", AT, { ...gold, name: "" })).not.toEqual([]);
    expect(validateAt("widget", AT, { ...gold, productId: "" })).not.toEqual([]);
  });
});
