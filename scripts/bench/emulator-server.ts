/** Child process of emulator-load.ts: serves one mock (Prism or the stateful emulator) and reports its port. */
import { createEmulator, serveHandler } from "../../runtime/emulator/index.js";
import { startMock, type ServiceId } from "../../runtime/mock/index.js";

const [kind, serviceId] = process.argv.slice(2) as ["prism" | "emulator", string];
const running = kind === "prism" ? await startMock(serviceId as ServiceId) : await serveHandler(createEmulator(serviceId as ServiceId));
process.send!(running.url);
process.on("disconnect", () => void running.close().then(() => process.exit(0)));
