import { readFileSync } from "node:fs";
import { join } from "node:path";
import { packageRoot } from "../mock/package-files.js";

/** The service ids the package ships documents for (openapi/services.json travels with it). */
export function serviceIds(): string[] {
  const registry = JSON.parse(readFileSync(join(packageRoot(), "openapi", "services.json"), "utf8")) as { services: { id: string }[] };
  return registry.services.map((s) => s.id);
}
