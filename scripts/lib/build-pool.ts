/**
 * Builds documents on several threads. A cold build is mostly CPU inside one document's steps
 * (Spectral's queries, Ajv's standalone code, Redocly), and the documents are independent, so
 * on a machine with more than one core each worker thread takes the next stale document. The
 * outputs come back as data; the caller commits them in registry order, as a one-thread build
 * would. One thread (or one stale document) builds in this thread: no worker start to pay.
 */
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import type { ServiceBuildResult } from "./build-service.js";
import type { Layout } from "./paths.js";
import type { Service } from "./services.js";

/** Threads for a build: one per core, at most 4 (each loads every tool); never more than the stale documents. */
export function buildThreads(cores = availableParallelism()): number {
  return Math.max(1, Math.min(cores, 4));
}

/**
 * The worker runs TypeScript through tsx's loader, which a worker thread does not inherit:
 * the bootstrap registers it first (tsx's documented `tsx/esm/api` entry).
 */
function startWorker(): Worker {
  const entry = new URL("./build-worker.ts", import.meta.url).href;
  const tsx = import.meta.resolve("tsx/esm/api");
  const boot = `import { register } from ${JSON.stringify(tsx)}; register(); await import(${JSON.stringify(entry)});`;
  return new Worker(new URL(`data:text/javascript,${encodeURIComponent(boot)}`));
}

type Reply = { index: number; result: ServiceBuildResult } | { index: number; error: string };

export async function buildServices(services: Service[], layout: Layout, threads: number): Promise<ServiceBuildResult[]> {
  if (threads <= 1 || services.length <= 1) {
    const { buildService } = await import("./build-service.js");
    const results: ServiceBuildResult[] = [];
    for (const service of services) results.push(await buildService(service, layout));
    return results;
  }
  const results = new Array<ServiceBuildResult>(services.length);
  let next = 0;
  const run = (worker: Worker) =>
    new Promise<void>((resolve, reject) => {
      const send = () => {
        if (next >= services.length) return void worker.terminate().then(() => resolve(), reject);
        const index = next++;
        worker.postMessage({ index, service: services[index], layout });
      };
      worker.on("message", (reply: Reply) => {
        if ("error" in reply) {
          void worker.terminate();
          return reject(new Error(`build of ${services[reply.index]!.id} failed in a worker: ${reply.error}`));
        }
        results[reply.index] = reply.result;
        send();
      });
      worker.on("error", reject);
      send();
    });
  await Promise.all(Array.from({ length: Math.min(threads, services.length) }, () => run(startWorker())));
  return results;
}
