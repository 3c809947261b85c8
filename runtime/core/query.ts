/** The client's query serializer lives with the rest of OpenAPI's query style (runtime/openapi/query-style.ts); create-client.ts imports it from here. */
export { serializeQuery } from "../openapi/query-style.js";
