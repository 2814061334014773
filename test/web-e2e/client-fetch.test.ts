// "Fetch from the browser" in a real browser: the page runs Ollama's runtime itself and talks to a
// fake Ollama on another loopback port (a cross-origin call, answered with CORS as Ollama does
// for an origin in OLLAMA_ORIGINS), while the gateway, which has no Ollama configuration, gets no
// chat call. Then the fake stops allowing the page's origin, and the error bubble explains CORS;
// with the switch off the same chat goes through the gateway.
import { join } from 'node:path';
import t from 'tap';
import type { Page } from 'playwright-core';
import { startFakeOllama } from '@manifold/provider-kit/fakes/ollama';
import { screenshots, setupBrowser } from './setup.js';
import { pickModel } from './pick-model.js';

async function ask(page: Page, text: string) {
  await page.locator('textarea[name="message"]').fill(text);
  await page.locator('textarea[name="message"]').press('Enter');
  const reply = page.locator('.message.assistant').last();
  await reply.locator('.stats, .error').first().waitFor({ timeout: 20_000 });
  return reply;
}

// A browser run: 20–40 s on a quiet machine, so tap's 60 s default is too close under a loaded CI.
t.setTimeout(180_000);

t.test('a chat fetched from the browser reaches Ollama directly, never the gateway', async (t) => {
  const { url, app, browser } = await setupBrowser(t);
  const ollama = await startFakeOllama({ origins: [url] });
  t.teardown(() => ollama.close());
  const gatewayChats: string[] = [];
  app.server.on('request', (request) => {
    if (request.url?.startsWith('/webapi/chat/')) gatewayChats.push(request.url);
  });

  const context = await browser.newContext({
    locale: 'en-US',
    viewport: { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  const ollamaCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(ollama.url)) ollamaCalls.push(request.url());
  });

  // Settings: switch Ollama on and give it the address of the user's own Ollama.
  await page.goto(`${url}/settings`);
  const card = page.locator('details.provider-card[data-provider="ollama"]');
  await card.locator('summary').click();
  const toggle = card.locator('input[name="fetchOnClient"]');
  t.equal(await toggle.isChecked(), false, 'offered from the start, off without an address');
  await card.locator('input[name="enabled"]').check();
  await card.locator('input[name="baseURL"]').fill(ollama.url);
  t.equal(await toggle.isChecked(), true, 'an address without a key: from the browser');
  t.match(await card.locator('.client-fetch').innerText(), /Fetch from the browser/);
  t.equal(
    await page.locator('details.provider-card[data-provider="openai"] .client-fetch').count(),
    0,
    'a provider that cannot run in the page has no switch',
  );
  await card.screenshot({ path: join(screenshots, 'client-fetch-settings.png') });

  // Chat: the answer streams from Ollama into the page.
  await page.getByRole('link', { name: 'Chat' }).click();
  await pickModel(page, 'ollama', 'llama3.2');
  const reply = await ask(page, 'Say hello');
  t.match(await reply.locator('.markdown').innerText(), /Hello from the fake\./);
  t.match(await reply.locator('.stats').innerText(), /llama3\.2 · tokens: 26 in \/ 12 out/);
  await page.screenshot({ path: join(screenshots, 'client-fetch-chat.png') });

  const chat = ollama.requests.filter((r) => r.path === '/api/chat');
  t.same(
    chat.map((r) => r.method),
    ['OPTIONS', 'POST'],
    'the browser asked Ollama (a CORS preflight, then the chat)',
  );
  t.equal(chat[1]?.headers.origin, url, "from the page's origin");
  t.match(chat[1]?.body, { model: 'llama3.2', messages: [{ role: 'user', content: 'Say hello' }] });
  t.ok(ollamaCalls.length >= 1, 'the page itself made the calls');
  t.same(gatewayChats, [], 'the gateway received no chat call');

  // Ollama no longer allows the page's origin: the error bubble says what to do.
  ollama.allowOrigins([]);
  const refused = await ask(page, 'Say hello again');
  const text = await refused.locator('.error').innerText();
  t.match(text, `OLLAMA_ORIGINS=${url}`, 'it names the variable and the origin to allow');
  t.match(text, /Fetch from the browser/, 'and the switch that avoids it');
  await page.screenshot({ path: join(screenshots, 'client-fetch-cors.png') });
  await page.locator('select[name="locale"]').selectOption('zh');
  t.match(await refused.locator('.error').innerText(), /OLLAMA_ORIGINS=.*客户端请求模式/s);
  await refused
    .locator('.error')
    .screenshot({ path: join(screenshots, 'client-fetch-cors-zh.png') });
  await page.locator('select[name="locale"]').selectOption('en');
  t.same(gatewayChats, [], 'still nothing through the gateway');

  // The switch off: the same Ollama, now called by the gateway (no Origin, so no CORS).
  await page.getByRole('link', { name: 'Settings' }).click();
  await card.locator('summary').click();
  await card.locator('input[name="fetchOnClient"]').uncheck();
  await page.getByRole('link', { name: 'Chat' }).click();
  const viaGateway = await ask(page, 'Once more');
  t.match(await viaGateway.locator('.markdown').innerText(), /Hello from the fake\./);
  t.same(gatewayChats, ['/webapi/chat/ollama'], 'this time through the gateway');
  t.equal(ollama.lastRequest('/api/chat')?.headers.origin, undefined, 'which sends no Origin');

  await page.reload();
  await page.getByRole('link', { name: 'Settings' }).click();
  await card.locator('summary').click();
  t.equal(await toggle.isChecked(), false, 'the switch is kept after a reload');
  t.same(pageErrors, [], 'no page errors');
});
