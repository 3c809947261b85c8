/**
 * The README command table's check of `npm run mock -- <id> --stateful --strict` (test/cli/command-checks.ts),
 * on KMS: the stateful emulator starts in strict mode and refuses a misspelled query parameter,
 * naming it.
 */
import { expect } from "vitest";

/** untilReady's arguments: the npm arguments, the line that says it is ready, and what to check then. */
export const mockCommandCheck: [string[], RegExp, (match: RegExpMatchArray) => Promise<void>] = [
  ["mock", "--", "kms-v2", "--port", "0", "--stateful", "--strict"], /kms-v2 stateful emulator listening on (http:\/\/\S+) \(strict\)/, async ([, url]) => {
    const res = await fetch(`${url}/api/v2/keys?limt=1`, { headers: { authorization: "Bearer t", "svc-instance": "0c7d3a52-8f41-4b6e-9d2a-1e5f6a7b8c9d" } });
    expect(res.status).toBe(400);
    expect(res.headers.get("x-mock-warning")).toBe('undeclared query parameter "limt"');
  },
];
