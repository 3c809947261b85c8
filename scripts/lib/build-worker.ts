/** Builds a share of the documents on another core (the lint work is CPU-bound). */
import { parentPort, workerData } from "node:worker_threads";
import { buildService } from "./build-service.js";
import type { Service } from "./services.js";

const services = (workerData as { services: Service[] }).services;
const results = [];
for (const service of services) results.push(await buildService(service));
parentPort!.postMessage(results);
