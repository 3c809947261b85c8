/**
 * The response problems the verify proxy reports for one answer of a fake upstream: how the
 * families' prose-rule tests (test/<family>/prose-rules.test.ts, issue 45) see that the one
 * contract that judges answers (runtime/emulator/contract.ts) finds a broken rule.
 */
import { startProxy } from "cloud-interfaces/verify";

export const jsonAnswer = (status: number, body: unknown, type = "application/json") => new Response(JSON.stringify(body), { status, headers: { "content-type": type } });

export async function proxyResponseProblems(serviceId: Parameters<typeof startProxy>[0], answer: Response, path: string, init: RequestInit): Promise<string[]> {
  const proxy = await startProxy(serviceId, { target: "http://upstream.test", fetch: async () => answer.clone(), write: () => undefined });
  try {
    await (await fetch(`${proxy.url}${path}`, init)).text();
    return proxy.violations.filter((v) => v.side === "response").flatMap((v) => v.problems);
  } finally {
    await proxy.close();
  }
}
