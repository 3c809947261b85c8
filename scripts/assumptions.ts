/** `npm run assumptions [-- --json]`: every x-assumed note of every document, by document and operation. */
import { parseArgs } from "node:util";
import { collectAssumptions } from "./lib/assumptions.js";
import { bundleDocument } from "./lib/bundle.js";
import { selectServices } from "./lib/services.js";

const { values } = parseArgs({ options: { json: { type: "boolean", default: false }, only: { type: "string", multiple: true } } });
const services = selectServices(values.only ?? []);
const all = await Promise.all(services.map(async (s) => ({ service: s.id, assumptions: collectAssumptions(await bundleDocument(s)) })));
if (values.json) {
  console.log(JSON.stringify(all, null, 2));
} else {
  for (const { service, assumptions } of all) {
    console.log(`\n## ${service} (${assumptions.length})`);
    for (const a of assumptions) console.log(`- [${a.operation ?? "document"}] ${a.pointer}\n  ${a.note}`);
  }
}
