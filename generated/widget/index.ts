// Generated from openapi/widget.yaml by scripts/build.ts. Do not edit: change the document and run `npm run build`.

export * from "./client.js";
