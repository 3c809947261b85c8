/**
 * Every answer the mock gives that is not a documented case of the operation, by the kind it
 * sends in `X-Mock-Error`. The body is always in the document's error shape (see errors.ts).
 * A status listed here can also be the operation's own documented response (then no
 * X-Mock-Error header is sent): e.g. a malformed Content-Type gets the documented 415 where
 * there is one.
 */
export const MOCK_ERRORS = {
  "not-found": { statuses: [404], meaning: "no operation of the document has this path" },
  "method-not-allowed": { statuses: [405], meaning: "the path exists, the method does not (Allow lists the methods); CONNECT/TRACE/TRACK always" },
  "malformed-content-type": { statuses: [400, 415], meaning: "Content-Type is not a media type (RFC 9110 §8.3)" },
  "malformed-accept": { statuses: [400, 406], meaning: "Accept is not a list of media ranges" },
  "not-acceptable": { statuses: [406], meaning: "Accept allows none of the media types documented for the answer" },
  "unknown-case": { statuses: [422, 400, 409, 412, 417], meaning: "X-Mock-Case / Prefer code= or example= names no documented case; the message lists them (status: the first of these the operation does not document)" },
  "invalid-request": { statuses: [400, 415], meaning: "the request breaks the document and the operation documents no 400 (or 415)" },
  unauthorized: { statuses: [401], meaning: "credentials missing or wrong and the operation documents no 401" },
  "undeclared-input": { statuses: [400], meaning: "with strict: a query parameter, form field or top-level JSON property the operation does not declare (X-Mock-Warning names them)" },
  "invalid-utf8": { statuses: [400], meaning: "the body is not UTF-8" },
  "malformed-json": { statuses: [400], meaning: "a JSON media type with a body that is not JSON" },
  "malformed-target": { statuses: [400], meaning: "a path segment with bad percent-encoding" },
  "malformed-form": { statuses: [400], meaning: "a form media type with a body that is not percent-encoded" },
  "too-deep": { statuses: [400], meaning: "JSON nested deeper than MAX_JSON_DEPTH" },
  "too-many-values": { statuses: [400], meaning: "a JSON body with more than MAX_JSON_VALUES values" },
  "body-too-large": { statuses: [413], meaning: "body over MAX_BODY_BYTES (the connection is closed)" },
  "uri-too-long": { statuses: [414], meaning: "request-target over MAX_URL_BYTES" },
  "bad-request-target": { statuses: [400], meaning: "request-target is not an absolute path (absolute-form, '*')" },
  "malformed-header": { statuses: [400], meaning: "a header value Node accepted but WHATWG Headers refuses" },
  "headers-too-large": { statuses: [431], meaning: "header section over MAX_HEADER_BYTES" },
  "expectation-failed": { statuses: [417], meaning: "an Expect other than 100-continue (RFC 9110 §10.1.1)" },
  "request-timeout": { statuses: [408], meaning: "the request did not arrive within REQUEST_TIMEOUT_MS" },
  "malformed-http": { statuses: [400], meaning: "not parseable HTTP/1.1 (bad method, CR/LF or NUL in a header, conflicting Content-Length, bad chunking)" },
  busy: { statuses: [503], meaning: "the server holds MAX_BODY_BYTES_HELD of request bodies across its connections already (Retry-After: 1; the connection is closed)" },
  internal: { statuses: [500], meaning: "the mock itself failed (logged to stderr with the cause); never expected" },
} as const satisfies Record<string, { statuses: readonly number[]; meaning: string }>;

export type MockErrorKind = keyof typeof MOCK_ERRORS;
