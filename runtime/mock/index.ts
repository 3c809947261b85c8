export { startMock, type RunningMock, type StartMockOptions } from "./start-mock.js";
export { PRISM_PACKAGES } from "./load-prism.js";
export { SERVICE_IDS, type ServiceId } from "../../generated/service-ids.js";
