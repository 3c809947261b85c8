/** The generated client of each service, loaded when its panel sends the first request (generated from openapi/services.json). */
export { CLIENT_LOADERS as CLIENT_MODULES } from "../../generated/loaders.js";
