/** MSW's listen options for tests: a request no handler matches fails, and is recorded instead of printed as an MSW error. */
export function failUnhandled(unhandled: string[]) {
  return {
    // Throwing fails the request (MSW's 500), as the "error" strategy does, without its stderr report.
    onUnhandledFrame({ frame }: { frame: { data: unknown } }) {
      const request = (frame.data as { request?: Request }).request;
      unhandled.push(`${request?.method} ${request?.url}`);
      throw new Error(`no MSW handler for ${request?.method} ${request?.url}`);
    },
  };
}
