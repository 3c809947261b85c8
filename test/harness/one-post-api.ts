/** A document with one POST (`/x`, operationId `x`) taking `request` as JSON and answering `response`: the unit the gate's schema rules are tried on. */
export function onePostApi(request: unknown, response: unknown, schemas: Record<string, unknown> = {}, op: Record<string, unknown> = {}): any {
  return {
    openapi: "3.1.0",
    paths: {
      "/x": {
        post: {
          operationId: "x",
          requestBody: { content: { "application/json": { schema: request } } },
          responses: { "200": { description: "ok", content: { "application/json": { schema: response } } } },
          ...op,
        },
      },
    },
    components: { schemas },
  };
}
