/**
 * A documented server's URL with every variable at its default: the host a document's
 * examples, the emulators under MSW and the try-it panel mean when they name none. A client never
 * sends to it unless given it as `baseUrl` (the documents mark their hosts `x-placeholder`).
 */
export function defaultServerUrl(server: { url: string; variables?: Record<string, { default?: unknown }> }): string {
  return server.url.replace(/\{([^}]+)\}/g, (whole, name: string) => {
    const value = server.variables?.[name]?.default;
    return value === undefined ? whole : String(value);
  });
}
