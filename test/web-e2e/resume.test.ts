// Resumable answers in a real browser (issue 18, CONTRACT §11): a long answer survives a reload and
// a dropped connection — it completes once, in full, in the same message, and the upstream is asked
// once; Stop during a resumed answer stops the generation on the gateway.
import t from 'tap';
import type { Page } from 'playwright-core';
import { textChunks } from '@manifold/provider-kit/fakes/openai-builders';
import { pickModel, pickerModels } from './pick-model.js';
import { setupBrowser } from './setup.js';

t.setTimeout(180_000);

/** A long answer: `count` words, one chunk each. */
const words = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, i) => `${prefix}${String(i).padStart(2, '0')} `);

async function useOpenAI(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/settings`);
  const card = page.locator('details.provider-card[data-provider="openai"]');
  await card.locator('summary').click();
  await card.locator('input[name="apiKey"]').fill('sk-good');
  await page.getByRole('link', { name: 'Chat' }).click();
  const models = await pickerModels(page, 'openai');
  await pickModel(page, 'openai', models[0]);
}

async function send(page: Page, text: string): Promise<void> {
  await page.locator('textarea[name="message"]').fill(text);
  await page.locator('textarea[name="message"]').press('Enter');
}

/** The assistant messages stored in IndexedDB (as the app keeps them). */
async function storedReplies(page: Page): Promise<Record<string, unknown>[]> {
  return page.evaluate(
    () =>
      new Promise<Record<string, unknown>[]>((resolve, reject) => {
        const open = indexedDB.open('keyval-store');
        open.onsuccess = () => {
          const request = open.result
            .transaction('keyval')
            .objectStore('keyval')
            .get('manifold:conversations');
          request.onsuccess = () => {
            const all = (request.result ?? []) as Array<{ messages: Record<string, unknown>[] }>;
            open.result.close();
            resolve(all.flatMap((c) => c.messages.filter((m) => m.role === 'assistant')));
          };
          request.onerror = () => reject(request.error);
        };
        open.onerror = () => reject(open.error);
      }),
  );
}

/** Wait until the stored reply holds `prefix`'s text and has no resume mark left. */
async function finishedReply(page: Page, prefix: string): Promise<Record<string, unknown>> {
  for (let i = 0; i < 150; i++) {
    const reply = (await storedReplies(page)).find((m) =>
      String(m.content).startsWith(`${prefix}00`),
    );
    if (reply && !reply.resume) return reply;
    await page.waitForTimeout(200);
  }
  throw new Error(`the reply with ${prefix} did not finish`);
}

const chatRequests = (fake: { requests: Array<{ path: string }> }) =>
  fake.requests.filter((r) => r.path.endsWith('/chat/completions')).length;

t.test(
  'a long answer survives a reload, a dropped connection, and stops when resumed',
  async (t) => {
    const { fake, url, app, browser } = await setupBrowser(t);
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
    page.setDefaultTimeout(15_000);
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    const seen: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/webapi/chat/'))
        seen.push(`${request.method()} ${request.url()}`);
    });
    await useOpenAI(page, url);

    await t.test('reload in the middle of a long answer', async (t) => {
      const before = chatRequests(fake);
      const answer = words('r', 60);
      fake.reply({ kind: 'chunks', delayMs: 50, chunks: textChunks(answer) });
      await send(page, 'Tell me a long story');
      await page.locator('.message.assistant').last().getByText('r05').waitFor();
      await page.waitForTimeout(700); // a save of the message mid-stream (every second)
      const midway = (await storedReplies(page)).find((m) => m.resume);
      t.ok(midway, 'the streaming message is stored with its stream id');
      t.match((midway?.resume as { streamId?: string })?.streamId, /^ms_/);
      await page.reload();
      const reply = await finishedReply(page, 'r');
      t.equal(reply.content, answer.join(''), 'the answer is complete, in full, no duplicates');
      t.notOk(reply.stopped, 'not stopped');
      t.notOk(reply.error, 'no error');
      t.equal(chatRequests(fake) - before, 1, 'the upstream received exactly one chat request');
      const resumes = seen.filter((s) => /GET .*\/webapi\/chat\/streams\/ms_/.test(s));
      t.equal(resumes.length, 1, 'resumed once');
      t.comment(resumes[0] ?? '');
      t.match(resumes[0], /after=[1-9][0-9]*/, 'resumed after the events already shown');
      await page.locator('.message.assistant').last().locator('.reply-actions').waitFor();
      const shown = await page.locator('.message.assistant').last().innerText();
      t.equal(shown.split('r59').length - 1, 1, 'the last word is shown once');
      t.equal(shown.split('r30').length - 1, 1, 'a middle word is shown once');
      t.equal(await page.locator('.message.assistant').count(), 1, 'one reply');
    });

    await t.test('a dropped connection mid-answer', async (t) => {
      seen.length = 0;
      const before = chatRequests(fake);
      const answer = words('d', 60);
      fake.reply({ kind: 'chunks', delayMs: 40, chunks: textChunks(answer) });
      // the gateway's socket of the chat answer is cut after a second
      const cut = (request: { url?: string; socket: { destroy(): void } }) => {
        if (request.url?.startsWith('/webapi/chat/openai')) {
          app.server.off('request', cut);
          setTimeout(() => request.socket.destroy(), 1000);
        }
      };
      app.server.on('request', cut);
      await send(page, 'Another long story');
      const reply = await finishedReply(page, 'd');
      t.equal(reply.content, answer.join(''), 'the answer is complete, in full, no duplicates');
      t.notOk(reply.error, 'no error');
      t.equal(chatRequests(fake) - before, 1, 'the upstream received exactly one chat request');
      t.ok(
        seen.some((s) => /GET .*\/webapi\/chat\/streams\/ms_.*after=[1-9]/.test(s)),
        'the stream was resumed after the events received',
      );
    });

    await t.test('Stop during a resumed answer stops it on the gateway', async (t) => {
      seen.length = 0;
      const closes = fake.requests.length;
      fake.reply({ kind: 'chunks', delayMs: 50, chunks: textChunks(words('s', 60)) });
      await send(page, 'A third long story');
      await page.locator('.message.assistant').last().getByText('s03').waitFor();
      await page.reload();
      await page.locator('.message.assistant').last().getByText('s15').waitFor();
      await page.locator('button.stop').click();
      const reply = await finishedReply(page, 's');
      t.ok(reply.stopped, 'the reply is marked stopped');
      t.notMatch(String(reply.content), /s59/, 'the answer stopped before its end');
      t.ok(
        seen.some((s) => /POST .*\/webapi\/chat\/streams\/ms_[^/]+\/stop/.test(s)),
        'Stop posted …/stop',
      );
      t.equal(fake.requests.length - closes, 1, 'one chat request');
    });

    await t.test('a stream that is gone keeps the partial reply, stopped', async (t) => {
      const before = fake.requests.length;
      // the last reply as a reload mid-stream would find it, with a stream the gateway never had
      await page.evaluate(
        () =>
          new Promise<void>((resolve, reject) => {
            const open = indexedDB.open('keyval-store');
            open.onsuccess = () => {
              const store = open.result.transaction('keyval', 'readwrite').objectStore('keyval');
              const request = store.get('manifold:conversations');
              request.onsuccess = () => {
                const all = request.result as Array<{ messages: Record<string, unknown>[] }>;
                const reply = all[0]!.messages.findLast((m) => m.role === 'assistant')!;
                reply.content = 's00 s01 s0';
                delete reply.stopped;
                reply.resume = { streamId: 'ms_gone0000000000', events: 2, text: 8, reasoning: 0 };
                store.put(all, 'manifold:conversations').onsuccess = () => resolve();
              };
              request.onerror = () => reject(request.error);
            };
            open.onerror = () => reject(open.error);
          }),
      );
      await page.reload();
      const reply = await finishedReply(page, 's');
      t.ok(reply.stopped, 'marked stopped');
      t.equal(reply.content, 's00 s01 s0', 'the partial text is kept');
      t.equal(fake.requests.length, before, 'nothing asked upstream');
    });

    t.same(pageErrors, [], 'no page errors');
  },
);
