/**
 * The error of a page walk that cannot go on safely (runtime/core/paginate.ts). A module of its
 * own: the walker loads on the first walk, while helpers export this class with their entry.
 */
import { CloudInterfacesError } from "./base-error.js";

export class PaginationError extends CloudInterfacesError {
  override readonly name = "PaginationError";
}
