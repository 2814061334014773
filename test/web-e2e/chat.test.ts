// The web app in a real browser (Debian's chromium through playwright-core) against a real gateway
// serving web/dist and a fake OpenAI upstream.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import t from 'tap';
import { chromium } from 'playwright-core';
import { buildApp } from '@manifold/gateway/app';
import { loadConfig } from '@manifold/gateway/config';
import { ROOT as REPO_ROOT } from '../helpers/paths.js';
import { startFakeOpenAI } from '@manifold/provider-kit/fakes/openai';
import { chatUsage, textChunks } from '@manifold/provider-kit/fakes/openai-builders';
import { pickModel, pickerModels } from './pick-model.js';

const webDist = join(REPO_ROOT, 'web', 'dist');
const screenshots = join(REPO_ROOT, 'test', 'web-e2e', 'screenshots');
const CHROMIUM = '/usr/bin/chromium';

async function waitForChromium(): Promise<void> {
  for (let i = 0; i < 600 && !existsSync(CHROMIUM); i++) await sleep(500);
}

t.test(
  'chat in the browser: key, provider, model, streamed reasoning and text, reload',
  async (t) => {
    if (!existsSync(join(webDist, 'index.html'))) {
      const built = spawnSync(
        process.execPath,
        [join(REPO_ROOT, 'scripts', 'build.mjs'), '--web-only'],
        { cwd: REPO_ROOT, stdio: 'inherit' },
      );
      t.equal(built.status, 0, 'web/dist is built');
    }
    mkdirSync(screenshots, { recursive: true });

    const fake = await startFakeOpenAI();
    t.teardown(() => fake.close());
    fake.reply({
      kind: 'chunks',
      delayMs: 30,
      chunks: textChunks(['Hello', ' from the **fake**', ' upstream.'], {
        reasoning: ['Let me ', 'think about it.'],
        usage: chatUsage(12, 7),
      }),
    });

    const config = loadConfig(
      { LOG_LEVEL: 'silent', OPENAI_PROXY_URL: fake.baseURL },
      { webRoot: webDist },
    );
    const app = await buildApp(config, { logger: false });
    t.teardown(() => app.close());
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

    await waitForChromium();
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    t.teardown(() => browser.close());
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const pageErrors: string[] = [];
    page.setDefaultTimeout(15_000);
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') t.comment(`browser console: ${message.text()}`);
    });

    // The settings route loads straight from the server (client-side route fallback).
    await page.goto(`${url}/settings`);
    await page.screenshot({ path: join(screenshots, 'settings-loaded.png') });
    const card = page.locator('details.provider-card[data-provider="openai"]');
    await card.locator('summary').click();
    const keyInput = card.locator('input[name="apiKey"]');
    t.equal(
      await keyInput.getAttribute('type'),
      'password',
      'the secret field is a password input',
    );
    await keyInput.fill('sk-e2e-browser');
    await page.screenshot({ path: join(screenshots, 'settings.png') });

    await page.getByRole('link', { name: 'Chat' }).click();
    const models = await pickerModels(page, 'openai');
    t.ok(models.length > 0, 'the model picker lists the manifest models');
    const model = models[0] ?? '';
    await pickModel(page, 'openai', model);

    await page.locator('textarea[name="message"]').fill('Say hello');
    await page.locator('textarea[name="message"]').press('Enter');

    const reply = page.locator('.message.assistant').last();
    await reply.locator('.stats').waitFor({ timeout: 20_000 });
    t.match(await reply.locator('.markdown').innerText(), /Hello from the fake upstream\./);
    t.equal(await reply.locator('.markdown strong').innerText(), 'fake', 'Markdown is rendered');
    t.match(await reply.locator('.reasoning').textContent(), /Let me think about it\./);
    t.match(await reply.locator('.stats').innerText(), /7/, 'usage is shown under the reply');
    await page.screenshot({ path: join(screenshots, 'chat-desktop.png') });

    // The streamed answer (a title request may follow it: automatic titles are on here).
    const upstream = fake.requests.find((r) => (r.body as { stream?: boolean }).stream === true);
    t.equal(
      upstream?.headers.authorization,
      'Bearer sk-e2e-browser',
      'the typed key reached upstream',
    );
    t.match(upstream?.body, { model, messages: [{ role: 'user', content: 'Say hello' }] });

    // The title request follows the reply; wait until its title is shown (the desktop list is in the
    // sidebar), so the reload below checks that the title was stored rather than racing its request.
    await page
      .locator('.conversations li.active', { hasText: 'Hello from the fake' })
      .waitFor({ timeout: 20_000 });

    // Reload: the conversation, its title and its reply come back from storage.
    await page.setViewportSize({ width: 375, height: 740 });
    await page.reload();
    // Below `md` the conversation list is a drawer, opened from the header.
    await page.getByRole('button', { name: 'Open conversations' }).click();
    const drawer = page.getByRole('dialog', { name: 'Conversations' });
    await drawer.locator('.conversations li.active').waitFor();
    t.match(
      await drawer.locator('.conversations li.active').innerText(),
      /Hello from the fake/,
      'a model named the conversation after its first reply (the fake’s default answer)',
    );
    const titled = fake.requests.at(-1)?.body as { stream?: boolean; messages?: unknown };
    t.equal(titled?.stream, false, 'the title was asked without streaming');
    t.match(JSON.stringify(titled?.messages), /Say hello/);
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    await page.locator('.message.assistant .markdown').waitFor();
    t.match(
      await page.locator('.message.assistant .markdown').innerText(),
      /Hello from the fake upstream\./,
      'the reply is kept after a reload',
    );
    await page.screenshot({ path: join(screenshots, 'chat-mobile.png') });
    t.same(pageErrors, [], 'no page errors');
  },
);
