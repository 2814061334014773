// Agents, the chat-history summary and the support assistant (issue 15) in a real browser against
// a real gateway and the fake OpenAI upstream: an agent made in /agents (system role, history limit
// 2) and set as the default for new chats; after the limit, the request carries the summary in the
// system message and only the recent messages, the summary was written by the configured summary
// model (non-streamed), and it shows as a note that can be cleared; "Ask about Manifold" starts a
// chat with the support assistant's system role. Screenshots: the agents editor and the summary
// note, desktop and 375 px.
import { join } from 'node:path';
import t from 'tap';
import type { Page } from 'playwright-core';
import { chatCompletion, textChunks } from '@manifold/provider-kit/fakes/openai-builders';
import type { RecordedRequest } from '@manifold/provider-kit/fakes/openai';
import { pickModel, pickerModels } from './pick-model.js';
import { screenshots, setupBrowser } from './setup.js';

t.setTimeout(180_000);

const CHAT_MODEL = 'gpt-4o-mini';

interface SentBody {
  model?: string;
  stream?: boolean;
  messages?: { role: string; content: unknown }[];
}
const bodyOf = (request: RecordedRequest | undefined) => (request?.body ?? {}) as SentBody;

async function send(page: Page, text: string): Promise<void> {
  await page.locator('textarea[name="message"]').fill(text);
  await page.locator('textarea[name="message"]').press('Enter');
}

async function replied(page: Page, text: string): Promise<void> {
  const last = page.locator('.message.assistant').last();
  await last.getByText(text).waitFor();
  await last.locator('.reply-actions').waitFor();
}

t.test(
  'an agent with a history limit: summary block, recent messages, summary model',
  async (t) => {
    const { fake, url, browser } = await setupBrowser(t);
    const context = await browser.newContext({
      locale: 'en-US',
      viewport: { width: 1280, height: 800 },
    });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const chatUrls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/webapi/chat/')) chatUrls.push(request.url());
    });
    await page.goto(`${url}/settings`);
    const card = page.locator('details.provider-card[data-provider="openai"]');
    await card.locator('summary').click();
    await card.locator('input[name="apiKey"]').fill('sk-test');
    await page.getByRole('link', { name: 'Chat' }).click();
    const models = await pickerModels(page, 'openai');
    await pickModel(page, 'openai', CHAT_MODEL);
    const summaryModel = models.find((m) => m !== CHAT_MODEL && !/^o\d/.test(m)) ?? models[0]!;

    // The agents page: the summary model, a new agent with a system role and a history limit of 2.
    await page.getByRole('link', { name: 'Agents' }).click();
    await page.locator('.agents-page').waitFor();
    await page.locator('.summary-model-picker').click();
    await page
      .locator(`.model-picker .picker-item[data-provider="openai"][data-model="${summaryModel}"]`)
      .click();
    await page.locator(`[data-summary-model="openai/${summaryModel}"]`).waitFor();

    await page.locator('button[name="newAgent"]').click();
    const editor = page.locator('.agent-editor');
    await editor.locator('input[name="title"]').fill('Terse helper');
    await editor.locator('input[name="avatar"]').fill('🦉');
    await editor.locator('input[name="description"]').fill('Short answers, summarised history');
    await editor.locator('textarea[name="systemRole"]').fill('You are terse.');
    await editor.locator('input[name="enableHistoryCount"]').check();
    await editor.locator('input[name="historyCount"]').fill('2');
    await editor.locator('input[name="temperatureEnabled"]').check();
    await editor.locator('button[name="setDefault"]').click();
    await editor.locator('button[name="setDefault"][aria-pressed="true"]').waitFor();
    await page
      .locator('.agents-list button[name="agent"]')
      .filter({ hasText: 'Terse helper' })
      .waitFor();
    // tall viewports: the page scrolls inside <main>, so a full-page shot would stop at the fold
    await page.setViewportSize({ width: 1280, height: 1900 });
    await page.screenshot({ path: join(screenshots, 'agents-editor-desktop.png') });
    await page.setViewportSize({ width: 375, height: 2900 });
    await page.screenshot({ path: join(screenshots, 'agents-editor-375.png') });
    await page.setViewportSize({ width: 1280, height: 800 });

    // Duplicate, then delete the copy and undo it.
    await editor.locator('button[name="duplicate"]').click();
    const copies = page.locator('.agents-list button[name="agent"]');
    await t.resolves(copies.filter({ hasText: '(copy)' }).waitFor(), 'duplicated');
    await copies.filter({ hasText: '(copy)' }).click();
    await page.locator('.agent-editor input[name="title"][value*="(copy)"]').waitFor();
    await page.locator('.agent-editor button[name="delete"]').click();
    await page.getByRole('button', { name: 'Undo' }).click();
    await copies.filter({ hasText: '(copy)' }).waitFor();
    t.equal(await copies.count(), 2, 'undo brings the copy back');

    // A new chat starts from the default agent.
    await page.getByRole('link', { name: 'Chat' }).click();
    const chosen = page.locator('.agent-chooser button[name="chooseAgent"][aria-pressed="true"]');
    await chosen.waitFor();
    t.match(
      await chosen.textContent(),
      /Terse helper/,
      'the default agent is chosen for a new chat',
    );
    await page.screenshot({ path: join(screenshots, 'agent-chooser-desktop.png') });
    await page.setViewportSize({ width: 375, height: 800 });
    await page.screenshot({ path: join(screenshots, 'agent-chooser-375.png') });
    await page.setViewportSize({ width: 1280, height: 800 });

    const completions = () => fake.requests.filter((r) => r.path.endsWith('/chat/completions'));
    fake.reply({ kind: 'chunks', chunks: textChunks(['One.']) });
    await send(page, 'First question');
    await replied(page, 'One.');
    t.equal(completions().length, 1, 'no summary within the limit');
    const first = bodyOf(completions()[0]);
    t.same(first.messages?.[0], { role: 'system', content: 'You are terse.' });
    t.equal((first as { temperature?: number }).temperature, 1, 'the agent’s temperature is sent');

    fake.reply({ kind: 'json', body: chatCompletion('They said hello.') });
    fake.reply({ kind: 'chunks', chunks: textChunks(['Two.']) });
    await send(page, 'Second question');
    await replied(page, 'Two.');

    fake.reply({
      kind: 'json',
      body: chatCompletion('Two questions were asked; the first got One.'),
    });
    fake.reply({ kind: 'chunks', chunks: textChunks(['Three.']) });
    await send(page, 'Third question');
    await replied(page, 'Three.');

    const all = completions().map(bodyOf);
    const summaries = all.filter((b) => b.stream !== true);
    const chats = all.filter((b) => b.stream === true);
    t.equal(summaries.length, 2, 'two summarising calls (turns 2 and 3)');
    t.ok(
      summaries.every((b) => b.model === summaryModel),
      'the summarising calls went to the configured summary model',
    );
    t.ok(
      chats.every((b) => b.model === CHAT_MODEL),
      'the replies went to the chat model',
    );
    t.equal(
      chatUrls.filter((u) => u.endsWith('/webapi/chat/openai?format=json')).length,
      2,
      'the summaries were asked for non-streamed (?format=json)',
    );
    const secondSummary = JSON.stringify(summaries[1]?.messages);
    t.match(secondSummary, /previous_summary/, 'the second summary folds in the first');
    t.match(secondSummary, /Second question/);
    const last = chats.at(-1)!;
    t.same(
      last.messages,
      [
        {
          role: 'system',
          content:
            'You are terse.\n\n<chat_history_summary>\nTwo questions were asked; the first got One.\n</chat_history_summary>',
        },
        { role: 'assistant', content: 'Two.' },
        { role: 'user', content: 'Third question' },
      ],
      'the summary block in the system message, then only the recent messages',
    );

    // The note shows the summary; collapsed, then opened.
    const note = page.locator('details.history-summary');
    await note.waitFor();
    await note.locator('summary').click();
    await note.getByText('Two questions were asked').waitFor();
    await page.screenshot({ path: join(screenshots, 'summary-note-desktop.png') });
    await page.setViewportSize({ width: 375, height: 800 });
    await page.screenshot({ path: join(screenshots, 'summary-note-375.png') });
    await page.setViewportSize({ width: 1280, height: 800 });
    await note.locator('button[name="clearSummary"]').click();
    await note.waitFor({ state: 'detached' });
    t.pass('the summary is cleared');

    // The support assistant, from the welcome screen of a new chat.
    await page.locator('button.new-chat').click();
    await page.locator('button[name="askAboutManifold"]').click();
    await page.locator('button[name="askAboutManifold"][aria-pressed="true"]').waitFor();
    fake.reply({ kind: 'chunks', chunks: textChunks(['Siehe README.']) });
    await send(page, 'Wie installiere ich Manifold?');
    await replied(page, 'Siehe README.');
    const support = bodyOf(fake.lastRequest());
    const system = support.messages?.[0];
    t.equal(system?.role, 'system');
    t.match(
      String(system?.content),
      /support assistant of Manifold/,
      'the support assistant’s role',
    );
    t.match(String(system?.content), /language of the last message/);
    t.notMatch(String(system?.content), /You are terse/, 'not the default agent');
    await context.close();
  },
);
