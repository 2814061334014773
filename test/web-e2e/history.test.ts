// History you can trust (issue 13), in a real browser against a real gateway and the fake OpenAI
// upstream: the tool-call turn sent back, the model kept per conversation, replies streaming side
// by side, versions, delete with confirmation and Undo, search, pins and date groups, shortcuts,
// the live region, and a 2,000-message conversation (timed, reported, not asserted as a time).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import type { Page } from 'playwright-core';
import {
  chatCompletion,
  textChunks,
  toolCallChunks,
} from '@manifold/provider-kit/fakes/openai-builders';
import { pickModel, pickerModels } from './pick-model.js';
import { screenshots, setupBrowser } from './setup.js';

t.setTimeout(180_000);

async function useOpenAI(page: Page, url: string): Promise<string[]> {
  await page.goto(`${url}/settings`);
  const card = page.locator('details.provider-card[data-provider="openai"]');
  await card.locator('summary').click();
  await card.locator('input[name="apiKey"]').fill('sk-good');
  await page.getByRole('link', { name: 'Chat' }).click();
  const models = await pickerModels(page, 'openai');
  await pickModel(page, 'openai', models[0]);
  return models;
}

/** The model the header's picker shows, once it shows `expected` (or after 5 s, whatever it shows). */
async function pickerModel(page: Page, expected: string): Promise<string | null> {
  const trigger = page.locator('button[name="model-picker"]');
  await page
    .locator(`button[name="model-picker"][data-model="${expected}"]`)
    .waitFor({ timeout: 5_000 })
    .catch(() => undefined);
  return trigger.getAttribute('data-model');
}

async function send(page: Page, text: string): Promise<void> {
  await page.locator('textarea[name="message"]').fill(text);
  await page.locator('textarea[name="message"]').press('Enter');
}

/** Wait until the newest reply on screen has finished (its stats line is shown). */
async function replied(page: Page, text: string): Promise<void> {
  const last = page.locator('.message.assistant').last();
  await last.getByText(text).waitFor();
  await last.locator('.reply-actions').waitFor();
}

interface SentBody {
  model?: string;
  messages?: Record<string, unknown>[];
}
const bodyOf = (body: unknown) => (body ?? {}) as SentBody;

/** Write conversations straight into the app's IndexedDB (as the app stores them). */
async function seed(page: Page, conversations: unknown[]): Promise<void> {
  await page.evaluate(
    (value) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('keyval-store');
        open.onupgradeneeded = () => open.result.createObjectStore('keyval');
        open.onsuccess = () => {
          const tx = open.result.transaction('keyval', 'readwrite');
          tx.objectStore('keyval').put(value, 'manifold:conversations');
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
        open.onerror = () => reject(open.error);
      }),
    conversations,
  );
}

t.test(
  'history: tool calls, models, streams, versions, delete, search, 2,000 messages',
  async (t) => {
    const { fake, url, browser } = await setupBrowser(t);
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
    page.setDefaultTimeout(15_000);
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    const models = await useOpenAI(page, url);
    t.ok(models.length >= 2, 'the fake lists several chat models');
    const [first, second] = models as [string, string];
    const chatRequests = () => fake.requests.filter((r) => r.path.endsWith('/chat/completions'));

    await t.test('an answer that ended in tool calls is sent back with them', async (t) => {
      fake.reply({
        kind: 'chunks',
        chunks: toolCallChunks([
          { id: 'call_w1', name: 'weather____today', arguments: ['{"city":', '"Paris"}'] },
        ]),
      });
      await send(page, 'Weather in Paris?');
      const reply = page.locator('.message.assistant').last();
      await reply.locator('.tool-call[data-tool="weather____today"]').waitFor();
      await reply.locator('.reply-actions').waitFor();
      fake.reply({ kind: 'chunks', chunks: textChunks(['Sunny ', 'tomorrow.']) });
      await send(page, 'And tomorrow?');
      await replied(page, 'Sunny tomorrow.');
      const sent = bodyOf(fake.lastRequest()?.body).messages ?? [];
      t.same(
        sent.map((m) => m.role),
        ['user', 'assistant', 'tool', 'user'],
        'not user, user: the assistant turn and a result for its call are there',
      );
      t.match(sent[1], {
        role: 'assistant',
        tool_calls: [
          {
            id: 'call_w1',
            type: 'function',
            function: { name: 'weather____today', arguments: '{"city":"Paris"}' },
          },
        ],
      });
      t.match(sent[2], { role: 'tool', tool_call_id: 'call_w1' });
      t.match(sent[3], { role: 'user', content: 'And tomorrow?' });
    });

    await t.test('each conversation keeps its model; others stream side by side', async (t) => {
      // The first conversation talks to the first model; a new one to the second.
      t.equal(bodyOf(fake.lastRequest()?.body).model, first);
      await page.locator('button.new-chat').click();
      await pickModel(page, 'openai', second);
      fake.reply({ kind: 'chunks', chunks: textChunks(['On the second model.']) });
      await send(page, 'Second conversation');
      await replied(page, 'On the second model.');
      t.equal(bodyOf(fake.lastRequest()?.body).model, second);

      // Reopening the first one shows and uses its model, not the one chosen last.
      const rows = page.locator('.conversations li[data-id]');
      await rows.filter({ hasText: 'Weather in Paris?' }).locator('button.conversation').click();
      t.equal(await pickerModel(page, first), first, 'the picker follows');
      // A slow reply in the first conversation…
      const slow = Array.from({ length: 30 }, (_, i) => `w${i} `);
      fake.reply({ kind: 'chunks', chunks: textChunks(slow), delayMs: 120 });
      await send(page, 'Slowly, please');
      await page.locator('.message.assistant').last().getByText('w2', { exact: false }).waitFor();
      t.equal(bodyOf(fake.lastRequest()?.body).model, first, 'sent to its own model');
      t.equal(await page.locator('form .stop').count(), 1, 'Stop where it streams');
      t.equal(await page.locator('.conversations .streaming-mark').count(), 1);
      // …goes on while the second conversation shows no Stop and answers on its own.
      await rows.filter({ hasText: 'Second conversation' }).locator('button.conversation').click();
      t.equal(await pickerModel(page, second), second);
      t.equal(await page.locator('form .stop').count(), 0, 'no Stop in a conversation at rest');
      fake.reply({ kind: 'chunks', chunks: textChunks(['Meanwhile ', 'here.']) });
      await send(page, 'In parallel');
      await replied(page, 'Meanwhile here.');
      t.equal(bodyOf(fake.lastRequest()?.body).model, second);
      t.equal(
        await page.locator('.conversations .streaming-mark').count(),
        1,
        'the first conversation is still streaming',
      );
      // The finished reply is read out by screen readers.
      await page
        .locator('.live-announcer')
        .getByText(/Reply finished/)
        .waitFor();
      // Esc stops the first one once it is on screen again; the text so far stays.
      await rows.filter({ hasText: 'Weather in Paris?' }).locator('button.conversation').click();
      await page.locator('form .stop').waitFor();
      await page.locator('body').press('Escape');
      await page.locator('form .stop').waitFor({ state: 'detached' });
      t.match(await page.locator('.message.assistant').last().innerText(), /w0 w1/);
      t.equal(await page.locator('.conversations .streaming-mark').count(), 0);
    });

    await t.test('regenerate and edit make versions to page through', async (t) => {
      await page.locator('button.new-chat').click();
      fake.reply({ kind: 'chunks', chunks: textChunks(['First answer.']) });
      await send(page, 'Tell me a fact');
      await replied(page, 'First answer.');
      fake.reply({ kind: 'chunks', chunks: textChunks(['Second answer.']) });
      await page
        .locator('.message.assistant')
        .last()
        .getByRole('button', { name: 'Regenerate' })
        .click();
      await replied(page, 'Second answer.');
      const reply = page.locator('.message.assistant').last();
      t.equal(await reply.locator('.version-index').innerText(), '2/2');
      t.same(
        bodyOf(fake.lastRequest()?.body).messages,
        [{ role: 'user', content: 'Tell me a fact' }],
        'a regenerated answer is asked without the old one',
      );
      await reply.getByRole('button', { name: 'Previous version' }).click();
      await page.locator('.message.assistant').last().getByText('First answer.').waitFor();
      t.equal(await page.locator('.message.assistant .version-index').innerText(), '1/2');
      await page
        .locator('.message.assistant')
        .getByRole('button', { name: 'Next version' })
        .click();
      await page.locator('.message.assistant').last().getByText('Second answer.').waitFor();

      // An edited question is a version of the question, with its own answer.
      fake.reply({ kind: 'chunks', chunks: textChunks(['Edited answer.']) });
      await page.locator('.message.user .edit-message').click();
      await page.locator('textarea[name="edit"]').fill('Tell me a joke');
      await page.locator('textarea[name="edit"]').press('Enter');
      await replied(page, 'Edited answer.');
      t.equal(await page.locator('.message.user .version-index').innerText(), '2/2');
      await page.locator('.message.user').getByRole('button', { name: 'Previous version' }).click();
      await page.locator('.message.user .bubble').getByText('Tell me a fact').waitFor();
      await page.locator('.message.assistant').last().getByText('Second answer.').waitFor();
      t.pass('the old question comes back with the answers it had');
      await page.locator('.message.assistant').last().hover();
      await page.screenshot({ path: join(screenshots, 'history-versions.png') });

      // Deleting a message asks first.
      await page
        .locator('.message.assistant')
        .last()
        .getByRole('button', { name: 'Delete message' })
        .click();
      const dialog = page.getByRole('alertdialog');
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      t.equal(await page.locator('.message.assistant').count(), 1, 'cancel keeps it');
      await page
        .locator('.message.assistant')
        .last()
        .getByRole('button', { name: 'Delete message' })
        .click();
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await page.locator('.message.assistant').last().getByText('First answer.').waitFor();
      t.equal(
        await page.locator('.message.assistant .versions').count(),
        0,
        'the deleted version is gone; one version is left',
      );
    });

    await t.test('search finds message text; delete offers Undo', async (t) => {
      const search = page.locator('input[name="conversation-search"]');
      await page.locator('body').press('Control+k');
      t.ok(await search.evaluate((el) => el === document.activeElement), 'Ctrl+K focuses search');
      await search.fill('meanwhile');
      const found = page.locator('.conversations li[data-id]');
      await found.first().locator('.search-match mark').waitFor();
      t.same(await found.locator('.conversation-name').allInnerTexts(), ['Second conversation']);
      t.equal(await found.locator('.search-match mark').innerText(), 'Meanwhile');
      await search.fill('no such words anywhere');
      await page.locator('.conversations .no-results').waitFor();
      // A match in a version not on screen opens that version.
      await search.fill('edited answer');
      const hit = page.locator('.conversations li[data-id]').first();
      await hit.locator('.search-match mark').waitFor();
      t.equal(await hit.locator('.conversation-name').innerText(), 'Tell me a fact');
      await hit.locator('button.conversation').click();
      await page.locator('.message.user .bubble').getByText('Tell me a joke').waitFor();
      await page.locator('.message.assistant').getByText('Edited answer.').waitFor();
      t.pass('the search result opens the version it was found in');
      await search.fill('');

      const before = await page.locator('.conversations li[data-id]').count();
      const row = page
        .locator('.conversations li[data-id]')
        .filter({ hasText: 'Second conversation' });
      await row.getByRole('button', { name: 'More actions' }).click();
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      await row.waitFor({ state: 'detached' });
      t.equal(await page.locator('.conversations li[data-id]').count(), before - 1);
      await page.getByRole('button', { name: 'Undo' }).click();
      await row.waitFor();
      t.equal(
        await page.locator('.conversations li[data-id]').count(),
        before,
        'Undo puts it back',
      );
      await row.locator('button.conversation').click();
      await page.locator('.message.assistant').getByText('Meanwhile here.').waitFor();
    });

    await t.test('shortcuts: new chat, composer, help', async (t) => {
      await page.locator('body').press('Control+Shift+O');
      await page.locator('.messages').getByText(/./).first().waitFor();
      t.equal(await page.locator('.message').count(), 0, 'a new chat is empty');
      t.ok(
        await page
          .locator('textarea[name="message"]')
          .evaluate((el) => el === document.activeElement),
        'and the composer has the focus',
      );
      await page.locator('textarea[name="message"]').blur();
      await page.locator('body').press('?');
      const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
      await help.waitFor();
      t.match(await help.innerText(), /Stop the reply[\s\S]*Search conversations[\s\S]*New chat/);
      await page.keyboard.press('Escape');
      await help.waitFor({ state: 'detached' });
    });

    await t.test(
      'automatic titles: switched on in the settings, a model names the chat',
      async (t) => {
        await page.getByRole('link', { name: 'Settings' }).click();
        const toggle = page.locator('input[name="autoTitles"]');
        t.equal(await toggle.isChecked(), false, 'off in these tests (setup.ts)');
        await toggle.check();
        await page.getByRole('link', { name: 'Chat' }).click();
        await page.locator('button.new-chat').click();
        fake.reply({ kind: 'chunks', chunks: textChunks(['Try the pastéis de nata.']) });
        fake.reply({ kind: 'json', body: chatCompletion('Title: "Lisbon pastry tips."') });
        await send(page, 'What should I eat in Lisbon?');
        await replied(page, 'Try the pastéis de nata.');
        await page.locator('.conversations li.active').getByText('Lisbon pastry tips').waitFor();
        const asked = bodyOf(fake.lastRequest()?.body) as SentBody & { stream?: boolean };
        t.equal(asked.stream, false, 'one short request without streaming');
        t.match(JSON.stringify(asked.messages), /What should I eat in Lisbon\?/);
        t.equal(
          await page.locator('.conversations li.active .conversation-name').innerText(),
          'Lisbon pastry tips',
          'the answer cleaned of its label, quotes and full stop',
        );
      },
    );

    await t.test('pins and date groups in the sidebar', async (t) => {
      const day = 24 * 60 * 60 * 1000;
      const now = Date.now();
      const plain = (id: string, title: string, updatedAt: number, pinned = false) => ({
        id,
        title,
        titleSource: 'user',
        createdAt: updatedAt,
        updatedAt,
        ...(pinned ? { pinned } : {}),
        provider: 'openai',
        model: first,
        branches: {},
        messages: [
          { id: `${id}-q`, role: 'user', content: `About ${title}`, createdAt: updatedAt },
          {
            id: `${id}-a`,
            parentId: `${id}-q`,
            role: 'assistant',
            content: `Notes on ${title}.`,
            createdAt: updatedAt,
          },
        ],
      });
      await seed(page, [
        plain('c1', 'Trip to Lisbon', now - 5 * 60_000),
        plain('c2', 'Weekly groceries', now - 2 * 60 * 60_000),
        plain('c3', 'Rust lifetimes', now - day - 60_000),
        plain('c4', 'Tax return 2026', now - 3 * day, true),
        plain('c5', 'Birthday ideas', now - 5 * day),
        plain('c6', 'Reading list', now - 12 * day),
        plain('c7', 'Old project notes', now - 75 * day),
        plain('c8', 'Garden plans', now - 20 * day, true),
      ]);
      await page.reload();
      await page.locator('.conversations .group-title').first().waitFor();
      const groups = await page.locator('.conversations .group-title').allInnerTexts();
      t.same(groups.slice(0, 5), [
        'Pinned',
        'Today',
        'Yesterday',
        'Previous 7 days',
        'Previous 30 days',
      ]);
      t.equal(groups.length, 6, 'then one group per month');
      const pinned = page.locator('.conversations [role="group"]').first();
      t.same(await pinned.locator('.conversation-name').allInnerTexts(), [
        'Tax return 2026',
        'Garden plans',
      ]);
      // Pin one from its menu: it moves up.
      const row = page.locator('.conversations li[data-id="c3"]');
      await row.getByRole('button', { name: 'More actions' }).click();
      await page.getByRole('menuitem', { name: 'Pin' }).click();
      await pinned.locator('li[data-id="c3"]').waitFor();
      await page.locator('.conversations li[data-id="c1"] button.conversation').click();
      await page.mouse.move(900, 700);
      const path = join(screenshots, 'history-sidebar-groups-pins.png');
      await page.locator('aside').first().screenshot({ path });
      t.comment(`screenshot: ${path}`);
      // The same in Chinese and dark.
      await page.evaluate(() => {
        localStorage.setItem('manifold:locale', 'zh');
        localStorage.setItem('manifold:theme', 'dark');
      });
      await page.reload();
      await page.locator('.conversations .group-title', { hasText: '已置顶' }).waitFor();
      t.same((await page.locator('.conversations .group-title').allInnerTexts()).slice(0, 3), [
        '已置顶',
        '今天',
        '过去 7 天',
      ]);
      await page.mouse.move(900, 700);
      const zh = join(screenshots, 'history-sidebar-groups-pins-zh-dark.png');
      await page.locator('aside').first().screenshot({ path: zh });
      t.comment(`screenshot: ${zh}`);
      await page.evaluate(() => {
        localStorage.setItem('manifold:locale', 'en');
        localStorage.setItem('manifold:theme', 'light');
      });
    });

    await t.test('a conversation of 2,000 messages opens and scrolls (timed)', async (t) => {
      const count = 2000;
      const now = Date.now();
      const paragraph =
        'Virtualised lists keep only the rows in view in the document, so a long history costs what a short one does.';
      const messages = Array.from({ length: count }, (_, i) => ({
        id: `m${i}`,
        ...(i ? { parentId: `m${i - 1}` } : {}),
        role: i % 2 ? 'assistant' : 'user',
        content:
          i % 2
            ? `Answer ${i}.\n\n${paragraph}\n\n- point one\n- point two\n\n\`\`\`js\nconst n = ${i};\n\`\`\``
            : `Question ${i}: ${paragraph.slice(0, 40 + (i % 60))}`,
        createdAt: now - (count - i) * 1000,
      }));
      const long = {
        id: 'long',
        title: 'Two thousand messages',
        titleSource: 'user',
        createdAt: now - count * 1000,
        updatedAt: now + 60_000,
        provider: 'openai',
        model: first,
        branches: {},
        messages,
      };
      await seed(page, [long]);
      await page.reload();
      const row = page.locator('.conversations li[data-id="long"] button.conversation');
      await row.waitFor();
      const started = await page.evaluate(() => performance.now());
      await row.click();
      await page
        .locator('.message.assistant')
        .getByText(`Answer ${count - 1}.`)
        .waitFor();
      const opened = (await page.evaluate(() => performance.now())) - started;
      const inDom = await page.locator('.message').count();
      t.ok(inDom < 60, `only the rows in view are in the page (${inDom} of ${count})`);

      // Scroll from the bottom to the top, 600 px a frame (a fast flick), timing every frame.
      const scroll = await page.locator('.messages').evaluate(async (el) => {
        const frames: number[] = [];
        let last = performance.now();
        const start = last;
        while (el.scrollTop > 0) {
          el.scrollTop = Math.max(0, el.scrollTop - 600);
          await new Promise((resolve) => requestAnimationFrame(resolve));
          const now = performance.now();
          frames.push(now - last);
          last = now;
        }
        frames.sort((a, b) => a - b);
        return {
          frames: frames.length,
          totalMs: performance.now() - start,
          medianMs: frames[Math.floor(frames.length / 2)] ?? 0,
          p95Ms: frames[Math.floor(frames.length * 0.95)] ?? 0,
          maxMs: frames.at(-1) ?? 0,
          over50: frames.filter((f) => f > 50).length,
        };
      });
      await page.locator('.message.user').getByText('Question 0:').waitFor();
      t.pass('the first message is reached');
      // A search result deep in the conversation is brought into view.
      await page.locator('.messages').evaluate((el) => {
        el.scrollTop = el.scrollHeight;
      });
      await page.locator('input[name="conversation-search"]').fill('Question 1234:');
      await page.locator('.conversations li[data-id="long"] .search-match').waitFor();
      await page.locator('.conversations li[data-id="long"] button.conversation').click();
      const target = page.locator('[data-message-id="m1234"]');
      await target.getByText('Question 1234:').waitFor();
      const [box, view] = await Promise.all([
        target.boundingBox(),
        page.locator('.messages').boundingBox(),
      ]);
      t.ok(
        box && view && box.y >= view.y && box.y + box.height <= view.y + view.height,
        'the found message is in view',
      );
      await page.locator('input[name="conversation-search"]').fill('');
      // Kept for `npm run bench`, which reports it in BENCHMARKS.md.
      const measured = {
        date: new Date().toISOString(),
        messages: count,
        openMs: opened,
        inDom,
        ...scroll,
      };
      writeFileSync(join(screenshots, 'long-conversation.json'), JSON.stringify(measured, null, 2));
      t.comment(
        `2,000 messages: opened in ${opened.toFixed(0)} ms; scrolled bottom to top in ${scroll.frames} frames, ` +
          `${scroll.totalMs.toFixed(0)} ms, frame median ${scroll.medianMs.toFixed(1)} ms, ` +
          `p95 ${scroll.p95Ms.toFixed(1)} ms, max ${scroll.maxMs.toFixed(1)} ms, ${scroll.over50} frames over 50 ms`,
      );
    });

    t.same(pageErrors, [], 'no page errors');
    t.ok(chatRequests().length >= 8, 'the fake saw every chat request');
  },
);
