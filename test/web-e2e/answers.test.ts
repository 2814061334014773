// Answers you can work with, in a real browser against a real gateway and the fake OpenAI upstream:
// a streamed reply with Markdown, math, code and a link; the code and the message copied to the
// clipboard, the link opened in a new tab while the reply streams on, KaTeX fetched only once a
// formula arrives, a long word wrapped at 375 px; the first-load JavaScript measured; screenshots
// of the answer in light and dark, looked at by a person.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import t from 'tap';
import type { BrowserContext, Page } from 'playwright-core';
import { chatUsage, textChunks } from '@manifold/provider-kit/fakes/openai-builders';
import { screenshots, setupBrowser, webDist } from './setup.js';

const DESKTOP = { width: 1280, height: 800 };
const MOBILE = { width: 375, height: 812 };

const LINK = 'https://docs.example.com/physics/energy?unit=joule';
const LONG_WORD = 'Pneumonoultramicroscopicsilicovolcanoconiosis'.repeat(3);
const CODE = 'def kinetic(m: float, v: float) -> float:\n    return 0.5 * m * v ** 2';

const ANSWER = [
  '## Kinetic energy\n\n',
  `The [reference](${LINK}) defines it; `,
  'a body of mass $m$ moving at speed $v$ carries ',
  '$E_k = \\frac{1}{2} m v^2$.\n\n',
  '$$\n\\int_0^v m u \\, du = \\frac{1}{2} m v^2\n$$\n\n',
  '```python\n',
  `${CODE}\n`,
  '```\n\n',
  `One long word: ${LONG_WORD}.\n\n`,
  'Raw HTML stays text: <img src=x onerror="alert(1)">',
];

/** An OpenAI key and model, as if set on the settings page; English UI, light theme. */
async function prepare(context: BrowserContext) {
  await context.addInitScript(() => {
    if (localStorage.getItem('manifold:provider-settings')) return;
    localStorage.setItem(
      'manifold:provider-settings',
      JSON.stringify({ openai: { vault: { apiKey: 'sk-test' } } }),
    );
    localStorage.setItem('manifold:active-provider', 'openai');
    localStorage.setItem('manifold:active-model', 'gpt-4o-mini');
    localStorage.setItem('manifold:locale', 'en');
    localStorage.setItem('manifold:theme', 'light');
  });
}

const overflowX = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

const shot = (page: Page, file: string) =>
  page.screenshot({ path: join(screenshots, file), animations: 'disabled' });

t.setTimeout(180_000);

t.test('a streamed answer with Markdown, math, code and a link', async (t) => {
  const { fake, url, browser } = await setupBrowser(t);
  const context = await browser.newContext({
    locale: 'en-US',
    viewport: DESKTOP,
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  await prepare(context);
  // The link's site, answered here: the test never leaves the machine.
  await context.route('https://docs.example.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Energy</title>docs' }),
  );
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  const scripts: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.endsWith('.js') || path.endsWith('.mjs')) scripts.push(path);
  });

  // First load: what JavaScript the chat page fetches before anything is asked.
  await page.goto(url);
  await page.locator('textarea[name="message"]').waitFor();
  await page.waitForLoadState('networkidle');
  const firstLoad = [...new Set(scripts)];
  const gzipped = firstLoad.reduce(
    (sum, path) => sum + gzipSync(readFileSync(join(webDist, path)), { level: 9 }).length,
    0,
  );
  t.comment(
    `first-load JS: ${(gzipped / 1024).toFixed(1)} KB gzipped in ${firstLoad.length} files`,
  );
  t.ok(gzipped <= 250 * 1024, 'first-load JS stays within 250 KB gzipped');
  t.notOk(
    firstLoad.some((path) => /katex|pdf|highlight|\/core-/i.test(path)),
    'KaTeX, PDF.js and highlight.js are not part of the first load',
  );

  // The reply streams slowly: the link is there long before it ends.
  fake.reply({
    kind: 'chunks',
    delayMs: 500,
    chunks: textChunks(ANSWER, {
      reasoning: ['Use **work–energy**: ', '$W = \\Delta E_k$.'],
      usage: chatUsage(30, 120),
    }),
  });
  await page.locator('textarea[name="message"]').fill('What is kinetic energy?');
  await page.locator('textarea[name="message"]').press('Enter');
  const reply = page.locator('.message.assistant').last();
  const link = reply.locator('.markdown a', { hasText: 'reference' });
  await link.waitFor();
  t.equal(await link.getAttribute('href'), LINK);
  t.equal(await link.getAttribute('target'), '_blank', 'the link opens in a new tab');
  t.equal(await link.getAttribute('rel'), 'noopener noreferrer');
  t.equal(await reply.locator('.stats').count(), 0, 'the reply is still streaming');
  const chatUrl = page.url();
  const [tab] = await Promise.all([context.waitForEvent('page'), link.click()]);
  await tab.waitForLoadState();
  t.equal(tab.url(), LINK, 'the new tab shows the link');
  await tab.close();
  t.equal(page.url(), chatUrl, 'the chat stays where it was');

  await reply.locator('.stats').waitFor();
  t.equal(await reply.locator('.stopped').count(), 0, 'the reply was not cut by the link');
  t.match(await reply.locator('.markdown').last().innerText(), /Raw HTML stays text: <img/);
  t.equal(await reply.locator('.markdown img').count(), 0, 'raw HTML is shown, never run');

  // Math: KaTeX fetched once formulas arrived, inline and display typeset.
  t.ok(
    scripts.some((path) => /katex/i.test(path)),
    'KaTeX is fetched once the reply has math',
  );
  await reply.locator('.math-display .katex-display').waitFor();
  t.ok((await reply.locator('.markdown .math-inline .katex').count()) >= 3, 'inline formulas');
  t.match(
    await reply
      .locator('.math-display .katex-html')
      .evaluate((node) => getComputedStyle(node).fontFamily),
    /KaTeX_Main/,
    "with KaTeX's stylesheet",
  );
  t.match(
    await reply.locator('.math-display annotation').textContent(),
    /\\int_0\^v m u/,
    'the TeX source is kept for screen readers and copy',
  );
  await reply.locator('.reasoning summary').click();
  t.equal(
    await reply.locator('.reasoning-text strong').innerText(),
    'work–energy',
    'reasoning is Markdown',
  );

  // Code: highlighted, labelled, copied as written.
  const block = reply.locator('.code-block');
  await block.locator('code.hljs .hljs-keyword').first().waitFor();
  t.equal(await block.locator('.code-language').innerText(), 'python');
  await block.locator('.copy-button').click();
  await block.locator('.copy-button[data-copied]').waitFor();
  t.equal(await clipboard(page), CODE, 'the code copy button puts the code on the clipboard');

  // The message: its Markdown as written.
  await reply.locator('.message-footer .copy-message').click();
  t.equal(await clipboard(page), ANSWER.join('').trim(), 'the message copies as Markdown');

  await block.scrollIntoViewIfNeeded();
  await shot(page, 'answers-code-math-light-1280.png');

  // A phone: the long word wraps inside the column, nothing scrolls sideways.
  await page.setViewportSize(MOBILE);
  const word = reply.locator('.markdown p', { hasText: 'One long word' });
  await word.scrollIntoViewIfNeeded();
  t.ok((await overflowX(page)) <= 0, 'no sideways overflow at 375 px');
  const fits = await word.evaluate((node) => {
    const column = node.closest('.message')?.getBoundingClientRect();
    const box = node.getBoundingClientRect();
    return { lines: Math.round(box.height / 28), inside: !!column && box.right <= column.right };
  });
  t.ok(fits.inside, 'the paragraph stays inside the message');
  t.ok(fits.lines >= 3, 'the long word wraps over several lines');
  await block.scrollIntoViewIfNeeded();
  await shot(page, 'answers-code-math-light-375.png');

  // Dark.
  await page.evaluate(() => {
    localStorage.setItem('manifold:theme', 'dark');
    document.documentElement.classList.add('dark');
    document.documentElement.style.colorScheme = 'dark';
  });
  t.ok((await overflowX(page)) <= 0, 'no sideways overflow at 375 px, dark');
  await shot(page, 'answers-code-math-dark-375.png');
  await page.setViewportSize(DESKTOP);
  await block.scrollIntoViewIfNeeded();
  await shot(page, 'answers-code-math-dark-1280.png');

  t.same(pageErrors, [], 'no page errors');
  await context.close();
});
