// The model picker, the first run, the model editor's duplicate refusal and error notices with the
// gateway's cause, in a real browser against a real gateway and the fake OpenAI upstream (no server
// keys: the person brings theirs).
import { join } from 'node:path';
import t from 'tap';
import type { Page } from 'playwright-core';
import { screenshots, setupBrowser } from './setup.js';

async function send(page: Page, text: string) {
  await page.locator('textarea[name="message"]').fill(text);
  await page.locator('textarea[name="message"]').press('Enter');
}

/** Open the OpenAI card in Settings (the page must be on /settings). */
async function openAICard(page: Page) {
  const card = page.locator('details.provider-card[data-provider="openai"]');
  if (!(await card.evaluate((el) => (el as HTMLDetailsElement).open)))
    await card.locator('summary').click();
  return card;
}

// A browser run: 20–40 s on a quiet machine, so tap's 60 s default is too close under a loaded CI.
t.setTimeout(180_000);

t.test('first run, model picker, duplicate model id, error causes', async (t) => {
  const { fake, url, browser } = await setupBrowser(t);
  const context = await browser.newContext({
    locale: 'en-US',
    viewport: { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));

  // First run without any key: a welcome that leads to Settings, nothing preselected or sent.
  await page.goto(url);
  const welcome = page.locator('.welcome');
  await welcome.getByRole('heading', { name: 'Welcome to Manifold' }).waitFor();
  t.equal(
    await page.locator('button[name="model-picker"]').getAttribute('data-model'),
    '',
    'no model is preselected without a key',
  );
  t.ok(await welcome.getByRole('link', { name: 'Open Settings' }).isVisible(), 'the way out');
  await page.locator('textarea[name="message"]').fill('Hello?');
  t.ok(
    await page.locator('.composer button[type="submit"]').isDisabled(),
    'Send waits for a model',
  );
  await page.locator('textarea[name="message"]').press('Enter');
  t.equal(await page.locator('.message').count(), 0, 'Enter sends nothing into an error');
  t.equal(fake.requests.length, 0, 'nothing reached the upstream');
  await page.screenshot({ path: join(screenshots, 'first-run-desktop.png') });

  // Settings: search and filters among every provider, logo and key status per provider.
  await welcome.getByRole('link', { name: 'Open Settings' }).click();
  await page.locator('li.provider-item').first().waitFor();
  const total = await page.locator('li.provider-item').count();
  t.ok(total > 20, `every provider is listed (${total})`);
  await page.locator('input[name="providerSearch"]').fill('openai');
  await page.locator('li.provider-item[data-provider="openai"]').waitFor();
  t.ok((await page.locator('li.provider-item').count()) < total, 'the search narrows the list');
  t.equal(
    await page
      .locator('li.provider-item[data-provider="openai"] .key-status')
      .getAttribute('data-key'),
    'none',
    'no key yet',
  );
  await page.locator('button[name="filterAll"]').click();
  await page.locator('input[name="providerSearch"]').fill('');
  await page.locator('button[name="filter-hasKey"]').click();
  await page.locator('.no-providers').waitFor();
  t.equal(await page.locator('li.provider-item').count(), 0, 'no provider has a key yet');
  await page.locator('button[name="filterAll"]').click();
  t.equal(await page.locator('li.provider-item').count(), total, 'the filter is cleared');
  for (const [width, height, name, scheme] of [
    [1280, 800, 'desktop', 'light'],
    [375, 812, 'mobile', 'dark'],
  ] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width, height });
    await page.locator('.provider-toolbar').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(screenshots, `settings-providers-${name}-${scheme}.png`) });
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 800 });

  // A key of one's own: the status follows, and the chat now starts with that provider.
  let card = await openAICard(page);
  await card.locator('input[name="apiKey"]').fill('sk-test');
  t.equal(await card.locator('.key-status').getAttribute('data-key'), 'user', 'your key');
  await page.locator('button[name="filter-hasKey"]').click();
  t.same(
    await page
      .locator('li.provider-item')
      .evaluateAll((items) => items.map((item) => item.getAttribute('data-provider'))),
    ['openai'],
    'the filter finds the provider with a key',
  );
  await page.locator('button[name="filterAll"]').click();

  // The model editor refuses an id that exists, with a clear message, and keeps the card.
  card = await openAICard(page);
  await card.locator('button[name="toggleCustomModel"]').click();
  const editor = page.locator('.model-editor');
  await editor.locator('input[name="customModelId"]').fill('gpt-4o');
  await editor.locator('input[name="customModelName"]').fill('Not GPT-4o');
  await editor.locator('button[name="addCustomModel"]').click();
  const refusal = editor.locator('.model-editor-error');
  await refusal.waitFor();
  t.match(
    await refusal.innerText(),
    /A model with the ID “gpt-4o” already exists\. Edit that model instead\./,
    'the duplicate id is refused with a clear message',
  );
  await page.screenshot({ path: join(screenshots, 'model-editor-duplicate.png') });
  // the refusal offers the existing card for editing instead
  await editor.locator('button[name="editExistingModel"]').click();
  await editor.locator('button[name="saveModel"]').waitFor();
  t.equal(await editor.locator('input[name="customModelId"]').inputValue(), 'gpt-4o');
  t.ok((await editor.locator('input[name="customModelId"]').getAttribute('readonly')) !== null);
  t.equal(await editor.locator('input[name="customModelName"]').inputValue(), 'GPT-4o', 'its card');
  await page.keyboard.press('Escape');
  await editor.waitFor({ state: 'detached' });
  const gpt4o = card.locator('li.model-row[data-model="gpt-4o"]');
  t.equal(await gpt4o.getAttribute('data-source'), 'builtin', 'the built-in card is kept');
  t.notMatch(await gpt4o.innerText(), /Not GPT-4o/, 'and not renamed');

  // The picker: searchable, with badges; choosing a model is what the next request uses.
  await page.getByRole('link', { name: 'Chat' }).click();
  const trigger = page.locator('button[name="model-picker"]');
  await page.waitForFunction(
    () =>
      document.querySelector('button[name="model-picker"]')?.getAttribute('data-provider') ===
      'openai',
  );
  t.ok((await trigger.getAttribute('data-model')) !== '', 'a model of the provider with a key');
  await trigger.click();
  const search = page.locator('input[name="model-search"]');
  await search.waitFor();
  t.ok(await search.evaluate((el) => el === document.activeElement), 'the search box has focus');
  const picker = page.locator('.model-picker');
  await picker.locator('.picker-group[data-provider="openai"]').waitFor();
  t.ok(
    (
      await picker.locator('.picker-group[data-provider="openai"] .key-status').innerText()
    ).includes('your key'),
    'the group shows its key status',
  );
  await search.fill('4o mini');
  await page.waitForFunction(
    () => document.querySelectorAll('.model-picker .picker-item').length > 0,
  );
  const items = await picker
    .locator('.picker-item')
    .evaluateAll((els) => els.map((el) => el.getAttribute('data-model')));
  t.ok(items.includes('gpt-4o-mini'), 'the search finds gpt-4o-mini');
  t.notOk(items.includes('gpt-4o'), 'every word must match');
  const mini = picker.locator('.picker-item[data-provider="openai"][data-model="gpt-4o-mini"]');
  t.match(await mini.innerText(), /128K/, 'the context window is shown');
  t.ok((await mini.locator('[data-ability]').count()) > 0, 'ability badges are shown');
  t.ok(await mini.locator('.price:visible').isVisible(), 'the price is shown');
  const highlighted = () =>
    picker
      .locator('.picker-item[aria-selected="true"]')
      .evaluate((el) => `${el.getAttribute('data-provider')}/${el.getAttribute('data-model')}`);
  t.equal(await highlighted(), 'openai/gpt-4o-mini', 'the first match is highlighted');
  await page.keyboard.press('ArrowDown');
  t.not(await highlighted(), 'openai/gpt-4o-mini', '↓ moves');
  await page.keyboard.press('ArrowUp');
  t.equal(await highlighted(), 'openai/gpt-4o-mini', '↑ moves back');
  await page.keyboard.press('Enter');
  await picker.waitFor({ state: 'detached' });
  t.equal(await trigger.getAttribute('data-model'), 'gpt-4o-mini', 'Enter picks the highlighted');
  await send(page, 'Hi picker');
  await page.locator('.message.assistant .stats').last().waitFor();
  t.equal(
    (fake.lastRequest()?.body as { model?: string }).model,
    'gpt-4o-mini',
    'the upstream got the picked model',
  );

  // Screenshots of the open picker: desktop and phone, light and dark.
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const [width, height, name] of [
      [1280, 800, 'desktop'],
      [375, 812, 'mobile'],
    ] as const) {
      await page.setViewportSize({ width, height });
      await trigger.click();
      await search.waitFor();
      await picker.locator('.picker-item').first().waitFor();
      // the logos are images: let them arrive
      await page.waitForTimeout(300);
      await page.screenshot({ path: join(screenshots, `model-picker-${name}-${scheme}.png`) });
      await page.keyboard.press('Escape');
      await picker.waitFor({ state: 'detached' });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 800 });

  // A base URL nobody listens on: the notice shows ECONNREFUSED and the address field to fix.
  await page.goto(`${url}/settings`);
  card = await openAICard(page);
  await card.locator('input[name="baseURL"]').fill('http://127.0.0.1:9/v1');
  await page.getByRole('link', { name: 'Chat' }).click();
  await send(page, 'Anyone there?');
  const refused = page.locator('.message.assistant').last().locator('.error-notice');
  await refused.waitFor();
  t.match(await refused.locator('.error-cause').innerText(), /ECONNREFUSED/, 'the cause is shown');
  // "check the details below": now something is below
  t.ok(await refused.locator('.error-cause').isVisible(), 'the details the message points to');
  const fixField = refused.locator('.fix-base-url input[name="baseURL"]');
  t.equal(await fixField.inputValue(), 'http://127.0.0.1:9/v1', 'the address field is right there');
  await page.screenshot({ path: join(screenshots, 'error-econnrefused.png') });

  // An address that is no URL: the gateway's words, then fixed inline and retried.
  await fixField.fill('not a url');
  await refused.getByRole('button', { name: 'Retry' }).click();
  const invalid = page.locator('.message.assistant').last().locator('.error-notice');
  await page.waitForFunction(() =>
    /not a valid URL/.test(
      document.querySelector('.message.assistant:last-of-type .error-cause')?.textContent ?? '',
    ),
  );
  t.match(
    await invalid.locator('.error-cause').innerText(),
    /baseURL is not a valid URL/,
    'the invalid URL is named',
  );
  // The link to the provider's settings opens its card; fixed there, Retry answers.
  await invalid.locator('.fix-settings-link').click();
  await page.waitForURL(/\/settings\?provider=openai$/);
  const opened = page.locator('details.provider-card[data-provider="openai"]');
  await page.waitForFunction(
    () =>
      (
        document.querySelector(
          'details.provider-card[data-provider="openai"]',
        ) as HTMLDetailsElement
      )?.open === true,
  );
  t.equal(await opened.locator('input[name="baseURL"]').inputValue(), 'not a url', 'its card');
  await opened.locator('input[name="baseURL"]').fill(fake.baseURL);
  await page.getByRole('link', { name: 'Chat' }).click();
  await page
    .locator('.message.assistant')
    .last()
    .locator('.error-notice')
    .getByRole('button', { name: 'Retry' })
    .click();
  await page.locator('.message.assistant').last().locator('.stats').waitFor();
  t.equal(await page.locator('.message.assistant .error-notice').count(), 0, 'fixed and answered');

  t.same(pageErrors, [], 'no page errors');
  await context.close();
});

t.test('first run offers a provider that needs no key, never preselected', async (t) => {
  // Ollama switched on by the server: it needs no key, but nothing says it runs
  const { url, browser } = await setupBrowser(t, { ENABLED_OLLAMA: '1' });
  const context = await browser.newContext({
    locale: 'en-US',
    viewport: { width: 375, height: 812 },
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await page.goto(url);
  await page.locator('.welcome').waitFor();
  const keyless = page.locator('.welcome-keyless button[name="useProvider"]');
  await keyless.first().waitFor();
  await keyless.first().scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(screenshots, 'first-run-mobile.png') });
  const id = await keyless.first().getAttribute('data-provider');
  t.equal(id, 'ollama', 'the keyless provider is offered');
  t.equal(
    await page.locator('button[name="model-picker"]').getAttribute('data-model'),
    '',
    'not preselected',
  );
  await keyless.first().click();
  await page.waitForFunction(
    (provider) =>
      document.querySelector('button[name="model-picker"]')?.getAttribute('data-provider') ===
      provider,
    id,
  );
  t.ok(
    await page.locator('.welcome .examples').isVisible(),
    'the chosen provider is ready to chat',
  );
  await context.close();
});

t.test('the first run in Chinese', async (t) => {
  const { url, browser } = await setupBrowser(t);
  const context = await browser.newContext({
    locale: 'zh-CN',
    viewport: { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await page.goto(url);
  await page.locator('.welcome').getByRole('heading', { name: '欢迎使用 Manifold' }).waitFor();
  t.equal(await page.locator('.welcome').getByRole('link', { name: '打开设置' }).count(), 1);
  await page.locator('button[name="model-picker"]').click();
  await page.locator('.model-picker input[name="model-search"]').waitFor();
  t.equal(
    await page.locator('.model-picker input[name="model-search"]').getAttribute('placeholder'),
    '搜索模型…',
  );
  await page.screenshot({ path: join(screenshots, 'model-picker-zh-no-key.png') });
  await context.close();
});
