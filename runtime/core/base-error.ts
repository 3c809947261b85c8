/**
 * The one base of every error the package throws to a caller: clients, helpers, the mock, the
 * emulators and `verify`. `catch (e) { if (e instanceof CloudInterfacesError) … }` catches
 * anything of ours and nothing else (a caller's own abort reason, or what their token provider
 * or middleware throws, stays theirs). A module of its own, so that code far from the clients
 * (emulators, the verifier) takes the base without the client's redaction.
 */
export class CloudInterfacesError extends Error {
  constructor(message?: string, options?: { cause?: unknown }) {
    super(message, options);
    // The subclass's own name unless it declares one (`override readonly name = …` wins).
    this.name = new.target.name;
  }
}
