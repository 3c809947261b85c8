/**
 * Every given service's mock (runtime/mock) in one child process, URLs printed once as JSON:
 * the benchmark measures its own RSS, and the battery (test/mock) sees a crash as a dead process
 * rather than a dead test runner.
 */
import { startMock, type ServiceId } from "../../runtime/mock/index.js";

const urls: Record<string, string> = {};
for (const id of process.argv.slice(2)) urls[id] = (await startMock(id as ServiceId)).url;
process.stdout.write(`${JSON.stringify(urls)}\n`);
