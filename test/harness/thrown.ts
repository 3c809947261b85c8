/** What a function throws, for asserting on an error's fields; a function that returns fails the test. */
export function thrown(fn: () => unknown): any {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error("expected a throw");
}
