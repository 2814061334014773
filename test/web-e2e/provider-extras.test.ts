// Provider settings beyond keys, in a real browser: a custom OpenAI-compatible provider chatted
// with through the picker, the tracing consent (X-Manifold-Trace only when on, CONTRACT §2) and
// the Ollama model pull with its progress bar and Cancel, against the fake upstreams.
import { join } from 'node:path';
import t from 'tap';
import type { Page } from 'playwright-core';
import { pullLines, startFakeOllama } from '@manifold/provider-kit/fakes/ollama';
import { screenshots, setupBrowser } from './setup.js';
import { pickModel } from './pick-model.js';

async function send(page: Page, text: string) {
  await page.locator('textarea[name="message"]').fill(text);
  await page.locator('textarea[name="message"]').press('Enter');
  await page.locator('.message.assistant').last().locator('.stats, .error').first().waitFor();
}

// A browser run: 20–40 s on a quiet machine, so tap's 60 s default is too close under a loaded CI.
t.setTimeout(180_000);

t.test('custom provider, tracing consent, Ollama pull', async (t) => {
  const { fake, url, browser } = await setupBrowser(t);
  const ollama = await startFakeOllama({ origins: [url] });
  t.teardown(() => ollama.close());
  const context = await browser.newContext({
    locale: 'en-US',
    viewport: { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  const traces: (string | undefined)[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/webapi/chat/'))
      traces.push(request.headers()['x-manifold-trace']);
  });

  // A custom OpenAI-compatible provider: added from Settings, refused on a taken id first.
  await page.goto(`${url}/settings`);
  await page.locator('li.provider-item').first().waitFor();
  await page.locator('button[name="addCustomProvider"]').click();
  const dialog = page.locator('.custom-provider-dialog');
  await dialog.locator('input[name="customProviderName"]').fill('OpenAI');
  await dialog.locator('input[name="customProviderBaseURL"]').fill(fake.baseURL);
  await dialog.locator('button[name="addProvider"]').click();
  t.match(
    await dialog.locator('.custom-provider-error').innerText(),
    /A provider with the ID “openai” already exists\./,
    'a taken id is refused',
  );
  await dialog.locator('input[name="customProviderName"]').fill('My Proxy');
  await dialog.locator('input[name="customProviderId"]').fill('my-proxy');
  await dialog.locator('input[name="customProviderModels"]').fill('proxy-model, other-model');
  await page.screenshot({ path: join(screenshots, 'custom-provider-dialog.png') });
  await dialog.locator('button[name="addProvider"]').click();
  await dialog.waitFor({ state: 'detached' });
  const custom = page.locator('li.provider-item[data-provider="my-proxy"]');
  await custom.waitFor();
  t.equal(await custom.locator('.key-status').getAttribute('data-key'), 'keyless', 'no key needed');
  t.match(await custom.locator('.custom-badge').innerText(), /custom/);

  // Tracing: off by default; switched on, the chat carries the header.
  const tracing = page.locator('input[name="traceConsent"]');
  t.notOk(await tracing.isChecked(), 'tracing is off by default');

  await page.getByRole('link', { name: 'Chat', exact: true }).click();
  await pickModel(page, 'my-proxy', 'proxy-model');
  await send(page, 'Through the proxy');
  t.match(
    await page.locator('.message.assistant').last().locator('.markdown').innerText(),
    /Hello from the fake\./,
    'the custom provider answers',
  );
  const body = fake.lastRequest()?.body as { model?: string };
  t.equal(body.model, 'proxy-model', 'the upstream got the custom model');
  t.equal(traces.at(-1), undefined, 'no trace header without consent');

  await page.getByRole('link', { name: 'Settings', exact: true }).click();
  await tracing.check();
  await page.getByRole('link', { name: 'Chat', exact: true }).click();
  await send(page, 'Traced');
  const header = traces.at(-1);
  t.ok(header, 'the trace header is sent');
  t.same(JSON.parse(Buffer.from(header ?? '', 'base64').toString('utf8')), { enabled: true });
  await page.reload();
  await page.getByRole('link', { name: 'Settings', exact: true }).click();
  t.ok(await tracing.isChecked(), 'the consent is kept');
  await tracing.uncheck();

  // The Ollama pull: progress, done; then a slow one cancelled.
  const card = page.locator('details.provider-card[data-provider="ollama"]');
  await card.locator('summary').click();
  await card.locator('input[name="enabled"]').check();
  await card.locator('input[name="baseURL"]').fill(ollama.url);
  const pull = card.locator('.model-pull');
  ollama.reply({ kind: 'ndjson', lines: pullLines(2_000_000_000, 6), delayMs: 250 }, '/api/pull');
  await pull.locator('input[name="pullModelName"]').fill('qwen3:8b');
  await pull.locator('button[name="pull"]').click();
  await pull.locator('[role="progressbar"][aria-valuenow]').waitFor();
  await pull.screenshot({ path: join(screenshots, 'ollama-pull-progress.png') });
  await pull.locator('.pull-done').waitFor();
  t.match(await pull.locator('.pull-done').innerText(), /qwen3:8b is ready\./, 'pulled');

  ollama.reply({ kind: 'ndjson', lines: pullLines(2_000_000_000, 40), delayMs: 1000 }, '/api/pull');
  await pull.locator('input[name="pullModelName"]').fill('llama3.3:70b');
  await pull.locator('button[name="pull"]').click();
  await pull.locator('[role="progressbar"]').waitFor();
  await pull.locator('button[name="cancelPull"]').click();
  await pull.locator('.pull-cancelled').waitFor();
  t.match(await pull.locator('.pull-cancelled').innerText(), /cancelled/, 'cancelled');
  await page.waitForTimeout(500);
  t.equal(
    ollama.requests.filter((r) => r.method === 'POST' && r.path === '/api/pull').length,
    2,
    'Cancel does not start the pull again',
  );

  t.same(pageErrors, [], 'no page errors');
  await context.close();
});
