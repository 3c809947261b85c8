/**
 * Every given service's stateful emulator in one child process, in both HTTP forms: behind the
 * mock edge (`startMock(id, { stateful: true })`) and bare (`serveHandler`). URLs are printed once
 * as JSON; the battery (test/mock/battery-emulators.test.ts) sees a crash as a dead process.
 */
import { createEmulator, serveHandler } from "../../runtime/emulator/index.js";
import { startMock, type ServiceId } from "../../runtime/mock/index.js";

const urls: Record<string, { edge: string; serve: string }> = {};
for (const id of process.argv.slice(2)) {
  urls[id] = { edge: (await startMock(id as ServiceId, { stateful: true })).url, serve: (await serveHandler(createEmulator(id as ServiceId))).url };
}
process.stdout.write(`${JSON.stringify(urls)}\n`);
