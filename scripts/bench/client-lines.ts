/**
 * The client's per-call figures on one Node line, as JSON on stdout: in memory (stubbed fetch,
 * validation on) and over loopback, each beside bare openapi-fetch in the same process.
 * `npm run bench` runs it on the machine's Node and on Node 24 (scripts/with-node.ts), because
 * what a `Request` and an `AbortSignal` cost differs between the lines.
 */
import { parseArgs } from "node:util";
import { measureClients } from "./client-overhead.js";
import { measureInMemory } from "./client-inmemory.js";

const { values } = parseArgs({ options: { quick: { type: "boolean", default: false } } });
const inMemory = await measureInMemory(values.quick ? { rounds: 3, calls: 500 } : { rounds: 7, calls: 3000 });
const loopback = await measureClients(values.quick ? { rounds: 3, requests: 300 } : { rounds: 5, requests: 2000 });
process.stdout.write(`${JSON.stringify({ node: process.version, inMemory, loopback })}\n`);
