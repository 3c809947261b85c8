// Generated from openapi/metrics-v1.yaml by scripts/build.ts. Do not edit: change the document and run `npm run build`.

export * from "./client.js";
export * from "../../runtime/metrics/index.js";
