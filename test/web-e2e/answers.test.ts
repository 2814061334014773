// Answers you can work with, in a real browser against a real gateway and the fake OpenAI upstream:
// a streamed reply with Markdown, math, code and a link; the code and the message copied to the
// clipboard, the link opened in a new tab while the reply streams on, KaTeX fetched only once a
// formula arrives, a long word wrapped at 375 px; the first-load JavaScript measured; screenshots
// of the answer in light and dark, looked at by a person. Then media: a PDF read to text in the
// page (PDF.js fetched only then), images in a lightbox, generated images kept across a reload.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import t from 'tap';
import type { BrowserContext, Page } from 'playwright-core';
import { TINY_PNG_BASE64 } from '@manifold/provider-kit/fakes/openai';
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

/** A PDF of one text line per page (Helvetica), its cross-reference table computed. */
function pdf(pages: string[]): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${pages.map((_, i) => `${4 + 2 * i} 0 R`).join(' ')}] /Count ${pages.length} >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    ...pages.flatMap((text, i) => {
      const stream = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
      return [
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${5 + 2 * i} 0 R >>`,
        `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
      ];
    }),
  ];
  let out = '%PDF-1.4\n';
  const offsets = objects.map((body, i) => {
    const offset = out.length;
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return offset;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

type Body = { messages?: { role: string; content: unknown }[] };

t.setTimeout(240_000);
// One gateway, fake upstream and browser for both tests; each test has its own context.
const { fake, url, browser } = await setupBrowser(t);

t.test('a streamed answer with Markdown, math, code and a link', async (t) => {
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
  // Counted as scripts/bench.mjs does (BENCHMARKS.md): Node's default gzip level, 1 KB = 1000 B.
  const gzipped = firstLoad.reduce(
    (sum, path) => sum + gzipSync(readFileSync(join(webDist, path))).length,
    0,
  );
  t.comment(
    `first-load JS: ${(gzipped / 1000).toFixed(1)} KB gzipped in ${firstLoad.length} files`,
  );
  t.ok(gzipped <= 250_000, 'first-load JS stays within 250 KB gzipped');
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

t.test('media: a PDF read as text, images in a lightbox, generated images kept', async (t) => {
  const context = await browser.newContext({ locale: 'en-US', viewport: DESKTOP });
  await prepare(context);
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  const scripts: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.endsWith('.js') || path.endsWith('.mjs')) scripts.push(path);
  });
  await page.goto(url);
  const message = page.locator('textarea[name="message"]');
  await message.waitFor();
  t.notOk(
    scripts.some((path) => /pdf/i.test(path)),
    'PDF.js is not fetched before a PDF is attached',
  );

  // A PDF and an image: the PDF becomes text in the page, its pages counted on the chip.
  await page.locator('input[type="file"][name="attachments"]').setInputFiles([
    {
      name: 'report.pdf',
      mimeType: 'application/pdf',
      buffer: pdf(['The secret word is MANGO.', 'Page two says KIWI.']),
    },
    { name: 'dot.png', mimeType: 'image/png', buffer: Buffer.from(TINY_PNG_BASE64, 'base64') },
  ]);
  const chip = page.locator('.composer .attachment-chip');
  await chip.waitFor();
  t.match(
    await chip.innerText(),
    /report\.pdf[\s\S]*2 pages/,
    'the chip names the PDF and its pages',
  );
  t.ok(
    scripts.some((path) => /pdf\.worker/i.test(path)),
    'PDF.js and its worker are fetched for the PDF',
  );
  await page.locator('.composer .attachment-thumb img').waitFor();
  fake.reply({ kind: 'chunks', chunks: textChunks(['MANGO and KIWI.']) });
  await message.fill('What are the secret words?');
  await message.press('Enter');
  await page.locator('.message.assistant .stats').waitFor();
  const sent = JSON.stringify((fake.lastRequest()?.body as Body).messages?.at(-1)?.content);
  t.match(sent, /The secret word is MANGO\./, "the PDF's first page reached the upstream");
  t.match(sent, /Page two says KIWI\./, 'and its second');
  t.match(sent, /report\.pdf/, 'under its name');
  t.notMatch(sent, /%PDF/, 'not the file itself');

  // The sent image opens in a lightbox; Escape closes it.
  await page.locator('.message.user .attachment-open').click();
  const lightbox = page.locator('.lightbox');
  await lightbox.locator('img.lightbox-image').waitFor();
  t.match(await lightbox.locator('img.lightbox-image').getAttribute('src'), /^data:image\//);
  await page.screenshot({
    path: join(screenshots, 'answers-lightbox.png'),
    animations: 'disabled',
  });
  await page.keyboard.press('Escape');
  await lightbox.waitFor({ state: 'detached' });

  // An image in a reply opens in the lightbox too.
  fake.reply({
    kind: 'chunks',
    chunks: textChunks([
      'Here it is:\n\n',
      `![A blue dot](data:image/png;base64,${TINY_PNG_BASE64})`,
    ]),
  });
  await message.fill('Draw a dot');
  await message.press('Enter');
  const drawn = page.locator('.message.assistant').last();
  await drawn.locator('.stats').waitFor();
  await drawn.locator('.markdown button.markdown-image').click();
  await lightbox.locator('img.lightbox-image[alt="A blue dot"]').waitFor();
  t.match(
    await lightbox.locator('img.lightbox-image').getAttribute('src'),
    /^data:image\/png;base64,/,
    'an image in a reply opens in the lightbox',
  );
  await page.keyboard.press('Escape');
  await lightbox.waitFor({ state: 'detached' });

  // A generated image is kept in IndexedDB: after a reload it is still listed, from a file.
  await page.locator('header nav a[href="/images"]').click();
  await page.locator('select[name="imageProvider"]').selectOption('openai');
  await page.locator('select[name="imageModel"]').selectOption('gpt-image-1');
  await page.locator('textarea[name="imagePrompt"]').fill('A kiwi on a plate');
  await page.locator('form.image-form button[type="submit"]').click();
  await page.locator('.generation.done img').first().waitFor();
  await page.reload();
  const kept = page.locator('.generation.done', { hasText: 'A kiwi on a plate' });
  await kept.locator('img').first().waitFor();
  t.match(
    await kept.locator('img').first().getAttribute('src'),
    /^blob:/,
    'after a reload the image is shown from the kept file',
  );
  await kept.locator('.generation-image button').first().click();
  await lightbox.locator('.lightbox-download').waitFor();
  t.ok(await lightbox.locator('.lightbox-download').isVisible(), 'the lightbox offers a download');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    lightbox.locator('.lightbox-download').click(),
  ]);
  t.match(download.suggestedFilename(), /^a-kiwi-on-a-plate-1\.png$/, 'saved under the prompt');
  await page.keyboard.press('Escape');
  t.same(pageErrors, [], 'no page errors');
  await context.close();
});
