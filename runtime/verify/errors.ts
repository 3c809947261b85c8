/** The verifier's usage error: its own module, so the parts verify.ts imports can throw it too. */
import { CloudInterfacesError } from "../core/base-error.js";

/** Bad options (exit code 2), named by the option and the rule. */
export class VerifyUsageError extends CloudInterfacesError {
  override readonly name = "VerifyUsageError";
}
