/**
 * The code samples exactly as the reference site embeds them (x-codeSamples of the site's
 * document), per service and operation: read by test/site/code-samples.test.ts (run them) and
 * test/typecheck.test.ts (type-check them in the project's one TypeScript program).
 */
import { listOperations } from "../../runtime/core/router.js";
import { readServices } from "../../scripts/lib/services.js";
import type { CodeSample } from "../../scripts/lib/site/code-samples.js";
import { siteDocument } from "../../scripts/lib/site/reference-page.js";
import { bundledDocument } from "./documents.js";

export const sampleServices = () => readServices();

export interface OperationSamples {
  operationId: string;
  method: string;
  path: string;
  samples: CodeSample[];
  /** The operation's documented success statuses (2xx and 3xx). */
  success: number[];
}

export function samplesOf(id: string): OperationSamples[] {
  const services = sampleServices();
  const doc = siteDocument(services.find((s) => s.id === id)!, bundledDocument(id), services);
  return listOperations(doc).map(({ method, path, operation }) => ({
    operationId: operation.operationId,
    method: method.toUpperCase(),
    path,
    samples: operation["x-codeSamples"] ?? [],
    success: Object.keys(operation.responses).filter((s) => /^[23]\d\d$/.test(s)).map(Number),
  }));
}

export const sampleSource = (samples: CodeSample[], label: string) => samples.find((s) => s.label === label)?.source;
