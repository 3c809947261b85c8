export { startMock, type RunningMock, type StartMockOptions } from "./start-mock.js";
export { PRISM_PACKAGES } from "./load-prism.js";
