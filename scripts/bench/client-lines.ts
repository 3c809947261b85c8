/**
 * The client's per-call figures on one Node line, as JSON on stdout: in memory (stubbed fetch,
 * validation on) and over loopback, each beside bare openapi-fetch in the same process.
 * `npm run bench` runs it on each supported line, 22, 24 and 26 (scripts/bench/client-table.ts),
 * because what a `Request` and an `AbortSignal` cost differs between the lines. `--in-memory`
 * leaves the loopback figures out.
 */
import { parseArgs } from "node:util";
import { measureClients } from "./client-overhead.js";
import { measureInMemory } from "./client-inmemory.js";

const { values } = parseArgs({ options: { quick: { type: "boolean", default: false }, "in-memory": { type: "boolean", default: false } } });
const inMemory = await measureInMemory(values.quick ? { rounds: 5, calls: 1000 } : { rounds: 9, calls: 3000 });
const loopback = values["in-memory"] ? {} : await measureClients(values.quick ? { rounds: 3, requests: 300 } : { rounds: 5, requests: 2000 });
process.stdout.write(`${JSON.stringify({ node: process.version, inMemory, loopback })}\n`);
