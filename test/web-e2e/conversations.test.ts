// Auto-scroll while streaming, rename (from the row's menu) and search of conversations, regenerate and
// edit-and-resend (each a new version), in a real browser against a real gateway and the fake OpenAI upstream.
import t from 'tap';
import type { Page } from 'playwright-core';
import { textChunks } from '@manifold/provider-kit/fakes/openai-builders';
import { setupBrowser } from './setup.js';
import { pickModel } from './pick-model.js';

async function chooseOpenAI(page: Page, url: string) {
  await page.goto(`${url}/settings`);
  const card = page.locator('details.provider-card[data-provider="openai"]');
  await card.locator('summary').click();
  await card.locator('input[name="apiKey"]').fill('sk-good');
  await page.getByRole('link', { name: 'Chat' }).click();
  await pickModel(page, 'openai');
}

async function send(page: Page, text: string) {
  await page.locator('textarea[name="message"]').fill(text);
  await page.locator('textarea[name="message"]').press('Enter');
}

/** The chat messages of the last request the fake upstream received. */
function sentMessages(body: unknown): unknown {
  return (body as { messages?: unknown } | undefined)?.messages;
}

const distanceFromBottom = (page: Page) =>
  page.locator('.messages').evaluate((el) => ({
    gap: el.scrollHeight - el.scrollTop - el.clientHeight,
    top: el.scrollTop,
  }));

t.test('conversations: auto-scroll, regenerate, edit-and-resend, rename, search', async (t) => {
  const { fake, url, browser } = await setupBrowser(t);
  const context = await browser.newContext({
    locale: 'en-US',
    viewport: { width: 1000, height: 500 },
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await chooseOpenAI(page, url);

  // 1. Auto-scroll: the growing reply stays in view; scrolling up stops the following.
  const lines = Array.from({ length: 40 }, (_, i) => `Line ${i + 1}\n\n`);
  fake.reply({ kind: 'chunks', chunks: textChunks(lines), delayMs: 50 });
  await send(page, 'Long');
  const long = page.locator('.message.assistant').last();
  await long.getByText('Line 15', { exact: true }).waitFor();
  const following = await distanceFromBottom(page);
  t.ok(following.top > 0, 'the list has scrolled');
  t.ok(following.gap < 48, 'the newest text is in view while streaming');
  await page.locator('.messages').evaluate((el) => {
    el.scrollTop = 0;
  });
  await long.getByText('Line 30', { exact: true }).waitFor();
  t.equal(
    (await distanceFromBottom(page)).top,
    0,
    'scrolled up: the list stays where the user put it',
  );
  await long.locator('.stats').waitFor();

  // 2. Regenerate: the history up to the last user message again; the reply is replaced.
  fake.reply({ kind: 'chunks', chunks: textChunks(['Second ', 'answer.']) });
  await long.getByRole('button', { name: 'Regenerate' }).click();
  const regenerated = page.locator('.message.assistant').last();
  await regenerated.getByText('Second answer.').waitFor();
  await regenerated.locator('.stats').waitFor();
  t.equal(
    await page.locator('.message.assistant').count(),
    1,
    'the new version takes the old reply’s place on screen',
  );
  t.equal(
    await regenerated.locator('.version-index').innerText(),
    '2/2',
    'the old one is a version',
  );
  t.same(sentMessages(fake.lastRequest()?.body), [{ role: 'user', content: 'Long' }]);

  // 3. Edit-and-resend: the user message changes, later messages go, the edit is sent.
  fake.reply({ kind: 'chunks', chunks: textChunks(['Edited ', 'answer.']) });
  await page.locator('.message.user .edit-message').click();
  await page.locator('textarea[name="edit"]').fill('Short');
  await page.locator('textarea[name="edit"]').press('Enter');
  const edited = page.locator('.message.assistant').last();
  await edited.getByText('Edited answer.').waitFor();
  await edited.locator('.stats').waitFor();
  t.same(await page.locator('.message.user .bubble').allInnerTexts(), ['Short']);
  t.equal(
    await page.locator('.message.assistant').count(),
    1,
    'the messages after the old version are not on screen',
  );
  t.same(sentMessages(fake.lastRequest()?.body), [{ role: 'user', content: 'Short' }]);

  // 4. Rename (double-click and the edit button) and search by title; kept after a reload.
  await page.locator('button.new-chat').click();
  fake.reply({ kind: 'chunks', chunks: textChunks(['Sure.']) });
  await send(page, 'Another topic');
  await page.locator('.message.assistant .stats').waitFor();
  const items = page.locator('.conversations li');
  t.equal(await items.count(), 2);
  await items.nth(0).locator('button.conversation').dblclick();
  await page.locator('input[name="conversation-title"]').fill('Zeta plans');
  await page.locator('input[name="conversation-title"]').press('Enter');
  await items.nth(1).getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  await page.locator('input[name="conversation-title"]').fill('Alpha notes');
  await page.locator('input[name="conversation-title"]').press('Enter');
  t.same(await page.locator('.conversations button.conversation').allInnerTexts(), [
    'Zeta plans',
    'Alpha notes',
  ]);
  await page.locator('input[name="conversation-search"]').fill('alpha');
  t.same(await page.locator('.conversations button.conversation').allInnerTexts(), ['Alpha notes']);
  await page.locator('input[name="conversation-search"]').fill('');

  await page.waitForFunction(
    () =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open('keyval-store');
        open.onsuccess = () => {
          const get = open.result
            .transaction('keyval')
            .objectStore('keyval')
            .get('manifold:conversations');
          get.onsuccess = () => resolve(JSON.stringify(get.result ?? []).includes('Alpha notes'));
          get.onerror = () => resolve(false);
        };
        open.onerror = () => resolve(false);
      }),
  );
  await page.reload();
  await page.locator('.conversations button.conversation').first().waitFor();
  t.same(
    await page.locator('.conversations button.conversation').allInnerTexts(),
    ['Zeta plans', 'Alpha notes'],
    'titles are persisted',
  );
  t.same(pageErrors, [], 'no page errors');
});
