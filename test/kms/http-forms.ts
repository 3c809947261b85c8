/**
 * The four HTTP forms of the package, started the way a user starts them: the Prism mock
 * (startMock), an emulator's own server (serveHandler), the validating proxy (startProxy, in
 * front of an emulator) and the docs server (serveStatic on a small site folder). The hostile
 * batteries run against each of them through the one front end (runtime/http/front.ts).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startMock } from "../../runtime/mock/index.js";
import { createEmulator, serveHandler } from "../../runtime/emulator/index.js";
import { startProxy } from "../../runtime/verify/proxy.js";
import { serveStatic } from "../../runtime/cli/static-server.js";

export const FORMS = ["edge", "serve", "proxy", "docs"] as const;
export type Form = (typeof FORMS)[number];

export interface Running {
  form: Form;
  url: string;
  port: number;
  /** What the form returned (its test handle), for frontOf(). */
  handle: object;
  close(): Promise<void>;
}

const quiet = { write: () => undefined };

/** Starts one form serving kms-v2 (the docs server serves a one-page site). */
export async function startForm(form: Form): Promise<Running> {
  const at = (url: string) => Number(new URL(url).port);
  if (form === "edge") {
    const mock = await startMock("kms-v2", { ...quiet });
    return { form, url: mock.url, port: at(mock.url), handle: mock, close: mock.close };
  }
  if (form === "serve") {
    const served = await serveHandler(createEmulator("kms-v2"));
    return { form, url: served.url, port: at(served.url), handle: served, close: served.close };
  }
  if (form === "proxy") {
    const upstream = await serveHandler(createEmulator("kms-v2"), { cors: false });
    const proxy = await startProxy("kms-v2", { target: upstream.url, ...quiet });
    return { form, url: proxy.url, port: at(proxy.url), handle: proxy, close: async () => (await proxy.close(), await upstream.close()) };
  }
  const dir = mkdtempSync(join(tmpdir(), "front-docs-"));
  mkdirSync(join(dir, "site"));
  writeFileSync(join(dir, "site", "index.html"), "<!doctype html><title>site</title>");
  const docs = await serveStatic(join(dir, "site"), 0, "127.0.0.1");
  return {
    form,
    url: docs.url,
    port: at(docs.url),
    handle: docs,
    close: async () => {
      await docs.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
