/** One build thread (see build-pool.ts): builds each document it is sent and answers its outputs. */
import { parentPort } from "node:worker_threads";
import { buildService } from "./build-service.js";
import type { Layout } from "./paths.js";
import type { Service } from "./services.js";

parentPort!.on("message", async ({ index, service, layout }: { index: number; service: Service; layout: Layout }) => {
  try {
    parentPort!.postMessage({ index, result: await buildService(service, layout) });
  } catch (error) {
    parentPort!.postMessage({ index, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
});
