export { apikeyToken, iamToken, uaaToken, UserToken, type TokenKind } from "./token.js";
export {
  createMetricsClient,
  MAX_TARGETS,
  type MetricsClient,
  type MetricsClientOptions,
  type RetrieveRequest,
  type Series,
  type MetricSample,
  type MetricList,
  type DeleteResult,
} from "./client.js";
