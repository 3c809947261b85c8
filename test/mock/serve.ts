/**
 * The battery's mock process: every service's mock (runtime/mock) in one child process, so a
 * crash shows as a dead process instead of a dead test runner. Prints {"<id>": "<url>"} once.
 */
import { startMock, type ServiceId } from "../../runtime/mock/index.js";

const ids = process.argv.slice(2);
const urls: Record<string, string> = {};
for (const id of ids) urls[id] = (await startMock(id as ServiceId)).url;
process.stdout.write(`${JSON.stringify(urls)}\n`);
