/**
 * Every given service's stateful emulator in one child process, in each HTTP form: the mock
 * (`startMock(id, { stateful: true })`), `serveHandler`, and the validating proxy in front of an
 * emulator of its own (`startProxy`), all on the one front end. URLs are printed once
 * as JSON; the battery (test/mock/battery-emulators.test.ts) sees a crash as a dead process.
 */
import { createEmulator, serveHandler } from "../../runtime/emulator/index.js";
import { startMock, type ServiceId } from "../../runtime/mock/index.js";
import { startProxy } from "../../runtime/verify/proxy.js";

const urls: Record<string, { edge: string; serve: string; proxy: string }> = {};
for (const id of process.argv.slice(2)) {
  const upstream = await serveHandler(createEmulator(id as ServiceId), { cors: false });
  urls[id] = {
    edge: (await startMock(id as ServiceId, { stateful: true })).url,
    serve: (await serveHandler(createEmulator(id as ServiceId))).url,
    // The proxy reports what the hostile requests break on stderr; the battery reads answers, not that report.
    proxy: (await startProxy(id as ServiceId, { target: upstream.url, write: () => undefined })).url,
  };
}
process.stdout.write(`${JSON.stringify(urls)}\n`);
