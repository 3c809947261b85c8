/**
 * Prism is an optional peer dependency: an app that only uses the clients never installs it.
 * It is loaded on first use, and its absence is one sentence that says what to install.
 */
export const PRISM_PACKAGES = ["@stoplight/prism-http@5.12.0", "@stoplight/prism-http-server@5.12.2"] as const;

export async function loadPrism(): Promise<{ getHttpOperationsFromSpec: (doc: unknown) => Promise<any[]>; createServer: (...args: any[]) => any }> {
  try {
    const [http, server] = await Promise.all([import("@stoplight/prism-http"), import("@stoplight/prism-http-server")]);
    return { getHttpOperationsFromSpec: http.getHttpOperationsFromSpec as any, createServer: server.createServer as any };
  } catch (error) {
    if ((error as { code?: string }).code === "ERR_MODULE_NOT_FOUND") {
      throw new Error(`startMock needs Prism, an optional peer dependency: npm install --save-dev ${PRISM_PACKAGES.join(" ")}`);
    }
    throw error;
  }
}
