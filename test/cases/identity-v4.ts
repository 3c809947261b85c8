import { identityCatalogue } from "../identity/catalogue.js";

/** Interface document 1 (identity and authorization), version 4: §4.1-4.11, §7, §8. Shared with the other version in test/identity/catalogue.ts. */
export default identityCatalogue("v4");
