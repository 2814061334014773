// Quality checks in a real browser: a browser clock an hour behind (the expired token is re-signed
// with the server's time and the chat retried once), keyboard-only use of the chat, and a
// 5,000-word reply streaming without layout shifts.
import { join } from 'node:path';
import t from 'tap';
import type { BrowserContext } from 'playwright-core';
import { textChunks } from '@manifold/provider-kit/fakes/openai-builders';
import { screenshots, setupBrowser } from './setup.js';

/** Give a new context an OpenAI key and model, as if they had been set in the settings page. */
async function withOpenAIKey(context: BrowserContext, model = 'gpt-4o-mini') {
  await context.addInitScript((model) => {
    if (localStorage.getItem('manifold:provider-settings')) return;
    localStorage.setItem(
      'manifold:provider-settings',
      JSON.stringify({ openai: { vault: { apiKey: 'sk-test' } } }),
    );
    localStorage.setItem('manifold:active-provider', 'openai');
    localStorage.setItem('manifold:active-model', model);
  }, model);
}

// A browser run: 20–40 s on a quiet machine, so tap's 60 s default is too close under a loaded CI.
t.setTimeout(180_000);

t.test('a browser clock an hour behind: the chat is re-signed and retried once', async (t) => {
  const { fake, url, browser } = await setupBrowser(t);
  const context = await browser.newContext({ locale: 'en-US' });
  await withOpenAIKey(context);
  await context.addInitScript(() => {
    const realNow = Date.now.bind(Date);
    Date.now = () => realNow() - 3_600_000;
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const statuses: number[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/webapi/chat/')) statuses.push(response.status());
  });
  await page.goto(url);
  fake.reply({ kind: 'chunks', chunks: textChunks(['On time.']) });
  await page.locator('textarea[name="message"]').fill('What time is it?');
  await page.locator('textarea[name="message"]').press('Enter');
  await page.locator('.message.assistant .stats').waitFor();
  t.equal(await page.locator('.message.assistant .markdown').innerText(), 'On time.');
  t.same(statuses, [400, 200], 'the expired token is refused once, the re-signed one accepted');
  t.equal(fake.requests.filter((r) => r.path.endsWith('/chat/completions')).length, 1);
  t.equal(await page.locator('.message.assistant .error').count(), 0, 'no error is shown');
});

t.test('the chat works from the keyboard alone', async (t) => {
  const { fake, url, browser } = await setupBrowser(t);
  const context = await browser.newContext({ locale: 'en-US' });
  await withOpenAIKey(context);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await page.goto(url);
  await page.locator('button[name="model-picker"]').waitFor();

  // Tab from the top of the page to the message box; every stop shows a focus ring.
  const visited: string[] = [];
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    const focus = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return undefined;
      const style = getComputedStyle(el);
      const ring =
        (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) ||
        style.boxShadow !== 'none';
      const name = el.getAttribute('name') ?? el.className ?? el.tagName;
      return { name: `${el.tagName.toLowerCase()}:${name}`, ring };
    });
    if (!focus) continue;
    visited.push(focus.name);
    t.ok(focus.ring, `${focus.name} shows where the focus is`);
    if (focus.name === 'textarea:message') break;
  }
  t.equal(visited.at(-1), 'textarea:message', 'the message box is reachable by Tab');
  t.ok(visited.includes('button:model-picker'), 'the model picker is reachable');

  // Type, Shift+Enter for a line break, Enter to send.
  fake.reply({ kind: 'chunks', chunks: textChunks(['Typed ', 'reply.']) });
  await page.keyboard.type('line one');
  await page.keyboard.press('Shift+Enter');
  await page.keyboard.type('line two');
  await page.keyboard.press('Enter');
  await page.locator('.message.assistant .stats').waitFor();
  const sent = fake.lastRequest()?.body as { messages: { content: unknown }[] };
  t.equal(sent.messages.at(-1)?.content, 'line one\nline two');
  t.equal(
    await page.evaluate(() => document.activeElement?.getAttribute('name')),
    'message',
    'the focus stays in the message box after sending',
  );

  // Rename the conversation with the keyboard: focus it in the list, F2, type, Enter.
  await page.locator('.conversations li button.conversation').first().focus();
  await page.keyboard.press('F2');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('Keyboard chat');
  await page.keyboard.press('Enter');
  t.equal(
    await page.locator('.conversations li button.conversation').first().innerText(),
    'Keyboard chat',
  );

  // Regenerate from the keyboard.
  fake.reply({ kind: 'chunks', chunks: textChunks(['Again.']) });
  await page.locator('button.regenerate').focus();
  await page.keyboard.press('Enter');
  await page.locator('.message.assistant .markdown', { hasText: 'Again.' }).waitFor();
  await page.screenshot({ path: join(screenshots, 'keyboard.png') });
});

t.test('a 5,000-word reply streams without moving the page', async (t) => {
  const { fake, url, browser } = await setupBrowser(t);
  const context = await browser.newContext({
    locale: 'en-US',
    viewport: { width: 1280, height: 800 },
  });
  await withOpenAIKey(context);
  await context.addInitScript(() => {
    const w = window as unknown as { __shift: number };
    w.__shift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as {
        value: number;
        hadRecentInput: boolean;
      }[])
        if (!entry.hadRecentInput) w.__shift += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const page = await context.newPage();
  page.setDefaultTimeout(60_000);
  await page.goto(url);
  await page.locator('button[name="model-picker"]').waitFor();

  // 100 paragraphs of 50 words, a heading every 10 and a code block every 25, in 20-word chunks.
  const words: string[] = [];
  for (let i = 0; i < 5000; i++) words.push(`word${i % 97}`);
  const pieces: string[] = [];
  for (let p = 0; p < 100; p++) {
    let paragraph = words.slice(p * 50, p * 50 + 50).join(' ');
    if (p % 10 === 0) paragraph = `## Part ${p / 10 + 1}\n\n${paragraph}`;
    if (p % 25 === 24) paragraph += '\n\n```js\nconst x = 1;\n```';
    for (let i = 0; i < paragraph.length; i += 120) pieces.push(paragraph.slice(i, i + 120));
    pieces.push('\n\n');
  }
  fake.reply({ kind: 'chunks', chunks: textChunks(pieces), delayMs: 5 });
  await page.locator('textarea[name="message"]').fill('Write a lot');
  await page.locator('textarea[name="message"]').press('Enter');

  const composer = page.locator('form.composer');
  const header = page.locator('.chat-header');
  const start = { composer: await composer.boundingBox(), header: await header.boundingBox() };
  const tops = { composer: new Set<number>(), header: new Set<number>() };
  while ((await page.locator('.message.assistant .stats').count()) === 0) {
    tops.composer.add(Math.round((await composer.boundingBox())?.y ?? -1));
    tops.header.add(Math.round((await header.boundingBox())?.y ?? -1));
    await page.waitForTimeout(100);
  }
  const text = await page.locator('.message.assistant .markdown').innerText();
  t.equal(text.split(/\s+/).filter((w) => w.startsWith('word')).length, 5000, 'all words arrive');
  t.same([...tops.composer], [Math.round(start.composer?.y ?? -2)], 'the composer never moves');
  t.same([...tops.header], [Math.round(start.header?.y ?? -2)], 'the header never moves');
  const shift = await page.evaluate(() => (window as unknown as { __shift: number }).__shift);
  t.ok(shift < 0.001, `cumulative layout shift is ${shift.toFixed(5)} (< 0.001)`);
  await page.screenshot({ path: join(screenshots, 'long-reply.png') });
});

t.test('a gateway with an access code: the reply asks for it, and Retry succeeds', async (t) => {
  const { fake, url, browser } = await setupBrowser(t, {
    ACCESS_CODE: 'letmein',
    OPENAI_API_KEY: 'sk-server',
  });
  const context = await browser.newContext({ locale: 'en-US' });
  await context.addInitScript(() => {
    localStorage.setItem('manifold:active-provider', 'openai');
    localStorage.setItem('manifold:active-model', 'gpt-4o-mini');
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await page.goto(url);
  await page.locator('textarea[name="message"]').fill('Hello');
  await page.locator('textarea[name="message"]').press('Enter');
  const failed = page.locator('.message.assistant').last();
  await failed.locator('.error').waitFor();
  t.equal(fake.requests.length, 0, 'nothing reached the upstream');
  await failed.locator('input[name="accessCode"]').fill('letmein');
  fake.reply({ kind: 'chunks', chunks: textChunks(['Welcome.']) });
  await failed.getByRole('button', { name: 'Retry' }).click();
  await page.locator('.message.assistant .markdown', { hasText: 'Welcome.' }).waitFor();
  t.equal(
    fake.lastRequest()?.headers.authorization,
    'Bearer sk-server',
    "the server's key is used once the access code is right",
  );
  await page.screenshot({ path: join(screenshots, 'access-code.png') });
});
