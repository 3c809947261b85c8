/** The identity Try it panels in Chromium: a client-credentials token introspects as active; Authorize runs the code flow and the token flows into introspection and userinfo; authorize's 302 shown as given; v3's discovery answers a documented 200 case. */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readServices } from "../../scripts/lib/services.js";
import { chromiumAvailable, requireBrowser } from "../harness/browser.js";
import { documentedCaseAnswers, exampleClient, SHOTS, tryitSite } from "../harness/tryit-site.js";

const run = chromiumAvailable || requireBrowser ? describe : describe.skip;

// A first page load in a fresh Chromium (its worker, the emulator's chunks) takes seconds even when quiet: a hang detector, generous under load.
run("try-it panels in Chromium", { timeout: 90_000 }, () => {
  const site = tryitSite(readServices().filter((s) => ["identity-v3", "identity-v4"].includes(s.id)), "tryit-site-identity");

  it("identity-v4: a client-credentials token, then introspection says active", async () => {
    const context = await site.browser.newContext();
    const { page, watch } = await site.open(context, "identity-v4.html");
    const tokens = await site.panel(page, "requestTokens");
    await page.selectOption(`${tokens} .tryit-example`, { label: "clientCredentials" });
    // The example's audience is a client the emulator does not know: ask for a token for the caller itself.
    const body = JSON.parse(await page.inputValue(`${tokens} .tryit-body`));
    delete body.audience;
    await page.fill(`${tokens} .tryit-body`, JSON.stringify(body));
    const issued = await site.send(page, tokens);
    expect(issued.status).toBe("Status 200");
    const accessToken = JSON.parse(issued.body).access_token as string;
    // The token flows on: introspection's token field and every bearer credential are filled, nothing typed.
    const introspect = await site.panel(page, "introspectToken");
    expect(JSON.parse(await page.inputValue(`${introspect} .tryit-body`)).token).toBe(accessToken);
    expect(await page.inputValue(`${await site.panel(page, "getUserInfo")} .tryit-cred-bearerAuth`)).toBe(accessToken);
    const result = await site.send(page, introspect);
    expect(result.status).toBe("Status 200");
    expect(JSON.parse(result.body)).toMatchObject({ active: true, client_id: exampleClient("identity-v4") });
    await page.locator(introspect).screenshot({ path: join(SHOTS, "tryit-identity-introspect.png") });
    expect(await watch.settled()).toEqual([]);
    await context.close();
  });

  it.each([
    ["identity-v4", "Authorize (code flow with PKCE)"],
    ["identity-v3", "Authorize (code flow)"],
  ])("%s: Authorize runs the code flow against the emulator in the page; the token fills introspection, which says active", async (id, label) => {
    const context = await site.browser.newContext();
    const { page, watch } = await site.open(context, `${id}.html`);
    const introspect = await site.panel(page, "introspectToken");
    expect(await page.textContent(`${introspect} .tryit-authorize`)).toBe(label);
    await page.click(`${introspect} .tryit-authorize`);
    await page.waitForFunction((scope) => /access token issued|failed/.test(document.querySelector(`${scope} .tryit-authorize-status`)?.textContent ?? ""), introspect, { timeout: 20_000 });
    expect(await page.textContent(`${introspect} .tryit-authorize-status`)).toMatch(/: 302, code received; POST \S+\/token \(authorization_code\): 200, access token issued/);
    const token = JSON.parse(await page.inputValue(`${introspect} .tryit-body`)).token as string;
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const userinfo = await site.panel(page, "getUserInfo");
    expect(await page.inputValue(`${userinfo} .tryit-cred-bearerAuth`)).toBe(token);
    const result = await site.send(page, introspect);
    expect(result.status).toBe("Status 200");
    expect(JSON.parse(result.body)).toMatchObject({ active: true, client_id: exampleClient(id) });
    // The code flow signs a user in: userinfo answers for them with the flowed token.
    expect((await site.send(page, userinfo)).status).toBe("Status 200");
    await page.locator(introspect).screenshot({ path: join(SHOTS, `tryit-${id}-authorize.png`) });
    // As with authorize's own panel: Chromium lists the manual redirect's target as a request it
    // cancels at once (never sent: the counting socket stays silent); nothing else is a problem.
    const problems = await watch.settled();
    expect(problems.filter((p) => !/^(off-host|failed): https:\/\/app\.example\.com\/callback\?/.test(p))).toEqual([]);
    expect(site.fromPages()).toEqual([]);
    await context.close();
  });

  it("identity-v4: authorize's 302 and its Location are shown as the emulator gave them (fetch sees only an opaque redirect), nothing followed", async () => {
    const context = await site.browser.newContext();
    const { page, watch } = await site.open(context, "identity-v4.html");
    const scope = await site.panel(page, "authorize");
    await page.fill(`${scope} .tryit-param[data-name="client_id"]`, "emulator-client");
    const answer = await site.send(page, scope);
    expect(answer.status).toBe("Status 302");
    expect(answer.headers).toMatch(/^Location: https:\/\/app\.example\.com\/callback\?code=[\w-]+$/m);
    expect(await page.textContent(`:is(${scope}, ${scope}-answer) .tryit-redirect`)).toMatch(/opaque redirect \(status 0, type opaqueredirect\)/);
    await page.locator(scope).screenshot({ path: join(SHOTS, "tryit-identity-authorize.png") });
    // Chromium lists the manual redirect's target as a request it cancels at once (ERR_ABORTED, no
    // response, never routed): the redirect is not followed, the worker is not asked, and no
    // connection is opened (the counting socket every other host resolves to stays silent).
    const callback = /^https:\/\/app\.example\.com\/callback\?code=[\w-]+$/;
    const problems = await watch.settled();
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^off-host: /);
    expect(problems[0]!.slice("off-host: ".length)).toMatch(callback);
    expect(problems[1]).toMatch(/^failed: \S+ net::ERR_ABORTED$/);
    expect(watch.byWorker.filter((r) => new URL(r.split(" ")[1]!).host === "app.example.com")).toEqual([]);
    expect(site.fromPages()).toEqual([]);
    await context.close();
  });

  it.each([
    ["identity-v3", "getOpenIdConfiguration"],
  ])("%s %s: a documented 200 case chosen in the panel", async (id, operationId) => {
    await documentedCaseAnswers(site, id, operationId);
  });
});
