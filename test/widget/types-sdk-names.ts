/**
 * Type tests, checked by test/typecheck.test.ts (tsc): the names and shapes the widget's SDKs
 * send are the ones the generated types offer (issue 26), and the names no client sends are gone.
 */
import type { components as Widget } from "cloud-interfaces/widget";

// widget: FlexibleProduct is exported with the periodType enum.
const product: Widget["schemas"]["FlexibleProduct"] = {
  amount: 1, currencyCode: "USD", name: "n", productId: "p", productType: "subscription", periodLength: 1, periodType: "week", recurring: 1,
};
void product;
// @ts-expect-error periodType is day, week or month
const yearly: Widget["schemas"]["FlexibleProduct"] = { ...product, periodType: "year" };
void yearly;
