/** The mock under benchmark in its own process (so its RSS is its own): every given service, URLs printed as JSON. */
import { startMock, type ServiceId } from "../../runtime/mock/index.js";

const urls: Record<string, string> = {};
for (const id of process.argv.slice(2)) urls[id] = (await startMock(id as ServiceId)).url;
process.stdout.write(`${JSON.stringify(urls)}\n`);
