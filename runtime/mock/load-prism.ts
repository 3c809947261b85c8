/**
 * Prism is an optional peer of the package: an app that only uses the clients never installs
 * it. It is loaded on first use, and a missing install gets one sentence saying what to install.
 * Only prism-http (with its prism-core) is used: the HTTP server is this layer's own.
 */
export const PRISM_PACKAGES = ["@stoplight/prism-http@5.12.0", "@stoplight/prism-core@5.8.0"] as const;

let loading: Promise<any> | undefined;

export function loadPrism(): Promise<any> {
  loading ??= import("@stoplight/prism-http").then(
    (mod: any) => mod.default ?? mod,
    (error: unknown) => {
      loading = undefined;
      const code = (error as { code?: string })?.code;
      if (code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND") {
        throw new Error(`startMock needs Prism, an optional peer dependency: npm install --save-dev ${PRISM_PACKAGES.join(" ")}`);
      }
      throw error;
    },
  );
  return loading;
}
