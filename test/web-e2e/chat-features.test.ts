// Stop, a bad key fixed inline, tool calls and the Chinese UI, in a real browser against a real
// gateway and the fake OpenAI upstream.
import { join } from 'node:path';
import t from 'tap';
import type { Page } from 'playwright-core';
import { textChunks, toolCallChunks } from '@manifold/provider-kit/fakes/openai-builders';
import { openaiError } from '@manifold/provider-kit/fakes/openai-errors';
import { screenshots, setupBrowser } from './setup.js';
import { pickModel } from './pick-model.js';

/** Type a key for OpenAI on the settings page, then pick OpenAI and its first model in the chat. */
async function chooseOpenAI(page: Page, url: string, key: string, chatLink: string) {
  await page.goto(`${url}/settings`);
  const card = page.locator('details.provider-card[data-provider="openai"]');
  await card.locator('summary').click();
  await card.locator('input[name="apiKey"]').fill(key);
  await page.getByRole('link', { name: chatLink }).click();
  await pickModel(page, 'openai');
}

async function send(page: Page, text: string) {
  await page.locator('textarea[name="message"]').fill(text);
  await page.locator('textarea[name="message"]').press('Enter');
}

// A browser run: 20–40 s on a quiet machine, so tap's 60 s default is too close under a loaded CI.
t.setTimeout(180_000);

t.test('stop, a bad key fixed inline, and tool calls in the browser', async (t) => {
  const { fake, url, browser } = await setupBrowser(t);
  const context = await browser.newContext({
    locale: 'en-US',
    viewport: { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await chooseOpenAI(page, url, 'sk-bad', 'Chat');

  // Stop mid-stream: what arrived stays, marked stopped, and the upstream sees the client leave.
  const pieces = ['First', ' second', ' third', ' fourth', ' fifth', ' sixth', ' seventh'];
  // Two seconds between pieces: the stop lands long before the second, even on a loaded machine
  // (at 200 ms a fresh-clone run under four jobs once saw the whole reply before the click).
  fake.reply({ kind: 'chunks', chunks: textChunks(pieces), delayMs: 2000 });
  await send(page, 'Count slowly');
  const stopped = page.locator('.message.assistant').last();
  await stopped.locator('.markdown').getByText('First').waitFor();
  await page.locator('button.stop').click();
  await fake.waitForClientClose();
  await stopped.locator('.stopped').waitFor();
  t.equal(await stopped.locator('.stopped').innerText(), 'Stopped', 'the reply is marked stopped');
  const partial = await stopped.locator('.markdown').innerText();
  t.match(partial, /^First/, 'the partial text stays');
  t.notMatch(partial, /seventh/, 'the rest never arrived');
  t.equal(await stopped.locator('.error').count(), 0, 'a stop is not an error');
  t.equal(
    await page.locator('.composer button[type="submit"]').getAttribute('aria-label'),
    'Send',
    'Send is back',
  );

  // A rejected key: the catalogue message and the key form inline; a new key and Retry succeed.
  fake.reply(openaiError(401, 'invalid_api_key'));
  await send(page, 'Hello again');
  const failed = page.locator('.message.assistant').last();
  await failed.locator('.error').waitFor();
  t.match(
    await failed.locator('.error .error-message').innerText(),
    /The API key for OpenAI is incorrect or empty\./,
    'the translated InvalidProviderAPIKey message is shown',
  );
  await page.screenshot({ path: join(screenshots, 'chat-bad-key.png') });
  await failed.locator('.inline-key input[name="apiKey"]').fill('sk-good');
  await failed.getByRole('button', { name: 'Retry' }).click();
  const retried = page.locator('.message.assistant').last();
  await retried.locator('.stats').waitFor();
  t.match(await retried.locator('.markdown').innerText(), /Hello from the fake\./);
  t.equal(await page.locator('.message.assistant .error').count(), 0, 'the failed reply is gone');
  t.equal(fake.lastRequest()?.headers.authorization, 'Bearer sk-good', 'the new key is used');

  // Tool calls under the reply: name and merged arguments.
  fake.reply({
    kind: 'chunks',
    chunks: toolCallChunks([
      { name: 'get_weather', arguments: ['{"city":', '"Paris"}'] },
      { name: 'get_time', arguments: '{"zone":"CET"}' },
    ]),
  });
  await send(page, 'Weather in Paris?');
  const tools = page.locator('.message.assistant').last();
  await tools.locator('.stats').waitFor();
  t.same(
    await tools.locator('.tool-call .tool-name').allInnerTexts(),
    ['get_weather', 'get_time'],
    'each tool call is named',
  );
  t.same(
    await tools.locator('.tool-call .tool-arguments').allInnerTexts(),
    ['{"city":"Paris"}', '{"zone":"CET"}'],
    'with its merged arguments',
  );

  // Fenced code is highlighted with highlight.js.
  fake.reply({
    kind: 'chunks',
    chunks: textChunks(['```ts\n', 'const answer: number = 42;\n', '```\n']),
  });
  await send(page, 'Some code?');
  const code = page.locator('.message.assistant').last();
  await code.locator('.stats').waitFor();
  t.equal(await code.locator('pre code.hljs').innerText(), 'const answer: number = 42;');
  t.equal(await code.locator('pre code .hljs-keyword').first().innerText(), 'const');
  await page.screenshot({ path: join(screenshots, 'chat-tools.png') });
  t.same(pageErrors, [], 'no page errors');
});

/** The New chat button's accessible name (its shortcut hint is hidden from it). */
const newChatName = (page: Page) =>
  page.locator('button.new-chat').evaluate((el) =>
    [...el.childNodes]
      .filter((n) => !(n instanceof Element && n.getAttribute('aria-hidden') === 'true'))
      .map((n) => n.textContent)
      .join('')
      .trim(),
  );

t.test('the UI follows a Chinese browser and the header switch is remembered', async (t) => {
  const { fake, url, browser } = await setupBrowser(t);
  const context = await browser.newContext({
    locale: 'zh-CN',
    viewport: { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await chooseOpenAI(page, url, 'sk-bad', '对话');
  t.equal(await page.getByRole('link', { name: '设置', exact: true }).count(), 1, 'nav is Chinese');
  t.equal(await newChatName(page), '新对话');
  t.match(await page.locator('textarea[name="message"]').getAttribute('placeholder'), /输入消息/);

  fake.reply(openaiError(401, 'invalid_api_key'));
  await send(page, '你好');
  const failed = page.locator('.message.assistant').last();
  await failed.locator('.error').waitFor();
  t.match(
    await failed.locator('.error .error-message').innerText(),
    /OpenAI API Key 不正确或为空/,
    'the error text is Chinese',
  );
  t.equal(await failed.getByRole('button', { name: '重试' }).count(), 1, 'Retry is Chinese');
  await page.screenshot({ path: join(screenshots, 'chat-zh.png') });

  await page.locator('select[name="locale"]').selectOption('en');
  t.equal(await newChatName(page), 'New chat', 'switched to English');
  await page.reload();
  await page.locator('button.new-chat').waitFor();
  t.equal(await newChatName(page), 'New chat', 'kept after reload');
  t.equal(await page.getByRole('link', { name: 'Settings', exact: true }).count(), 1);
});

t.test('the images page generates with an image model and shows a refusal', async (t) => {
  const { fake, url, browser } = await setupBrowser(t);
  const context = await browser.newContext({
    locale: 'en-US',
    viewport: { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto(`${url}/settings`);
  const card = page.locator('details.provider-card[data-provider="openai"]');
  await card.locator('summary').click();
  await card.locator('input[name="apiKey"]').fill('sk-test');

  await page.getByRole('link', { name: 'Images' }).click();
  // the page loads when opened
  await page.locator('select[name="imageProvider"] option').first().waitFor({ state: 'attached' });
  const providers = await page
    .locator('select[name="imageProvider"] option')
    .evaluateAll((items) => items.map((item) => (item as HTMLOptionElement).value));
  t.ok(providers.includes('openai'), 'OpenAI has an image model');
  t.notOk(providers.includes('groq'), 'a provider without image models is not offered');
  await page.locator('select[name="imageProvider"]').selectOption('openai');
  await page.locator('select[name="imageModel"]').selectOption('gpt-image-1');
  await page.locator('textarea[name="imagePrompt"]').fill('A red fox in the snow');
  await page.getByRole('button', { name: 'Generate' }).click();
  const done = page.locator('.generation.done').first();
  await done.locator('img').first().waitFor();
  t.match(await done.locator('img').first().getAttribute('src'), /^data:image\/png;base64,/);
  t.equal(fake.lastRequest()?.path, '/v1/images/generations');
  t.match(fake.lastRequest()?.body, {
    model: 'gpt-image-1',
    prompt: 'A red fox in the snow',
    n: 1,
    size: '1024x1024',
  });
  await page.screenshot({ path: join(screenshots, 'images.png') });

  // A provider enabled by default but without a key here: its refusal is translated in place.
  t.ok(providers.includes('bfl'), 'bfl is on by default and has image models');
  await page.locator('select[name="imageProvider"]').selectOption('bfl');
  await page.getByRole('button', { name: 'Generate' }).click();
  const failed = page.locator('.generation.error').first();
  await failed.locator('.error').waitFor();
  t.match(
    await failed.locator('.error').innerText(),
    /API key for Black Forest Labs/i,
    'the key error names the provider',
  );
  await page.screenshot({ path: join(screenshots, 'images-error.png') });
  t.same(pageErrors, [], 'no page errors');
});
