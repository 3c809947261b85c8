/**
 * The edge of scripts/lib/edge-fixture.ts over the synthetic document
 * (test/emulator/fixtures/resource-document.ts): no service of the registry, since the front end
 * is the same for every document.
 */
import type { FrontOptions } from "../../runtime/http/front.js";
import { edgeOver, type ListeningEdge } from "../../scripts/lib/edge-fixture.js";
import { resourceDocument } from "../emulator/fixtures/resource-document.js";

export const fixtureEdge = (extra: Partial<FrontOptions> = {}, doc: unknown = resourceDocument()): Promise<ListeningEdge> => edgeOver("fixture", doc, extra);
