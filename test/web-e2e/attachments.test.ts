// Attachments and citations in a real browser: an image reaches a vision model as an `image_url`
// part with a data URL, a text file's content reaches the upstream, a non-vision model refuses
// images without a request, and a reply's url_citation annotations render as links.
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import t from 'tap';
import { chunk, textChunks } from '@manifold/provider-kit/fakes/openai-builders';
import { screenshots, setupBrowser } from './setup.js';
import { pickModel } from './pick-model.js';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = (CRC_TABLE[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
/** A solid-colour RGB PNG built in memory. */
function png(width: number, height: number, rgb: [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array(width).fill(rgb).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(pixels)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

type Part = { type: string; text?: string; image_url?: { url: string } };
type Body = { messages?: { role: string; content: string | Part[] }[] };

t.test('images, text files, vision refusal and citations', async (t) => {
  const { fake, url, browser } = await setupBrowser(t);
  const context = await browser.newContext({
    locale: 'en-US',
    viewport: { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await page.goto(`${url}/settings`);
  const card = page.locator('details.provider-card[data-provider="openai"]');
  await card.locator('summary').click();
  await card.locator('input[name="apiKey"]').fill('sk-test');
  // A model without vision, switched on for the refusal case.
  await card.locator('li.model-row[data-model="o3-mini"] input[name="modelEnabled"]').check();
  await page.getByRole('link', { name: 'Chat' }).click();
  await pickModel(page, 'openai', 'gpt-4o-mini');
  const input = page.locator('input[type="file"][name="attachments"]');
  const message = page.locator('textarea[name="message"]');

  // 1. An image to a vision model.
  await input.setInputFiles({
    name: 'red.png',
    mimeType: 'image/png',
    buffer: png(64, 48, [220, 40, 40]),
  });
  await page.locator('.composer .attachment-thumb img').waitFor();
  await message.fill('What colour is this?');
  await page.screenshot({ path: join(screenshots, 'attachments-composer.png') });
  fake.reply({ kind: 'chunks', chunks: textChunks(['Red.']) });
  await message.press('Enter');
  await page.locator('.message.assistant .stats').first().waitFor();
  t.equal(await page.locator('.composer .attachment-thumb').count(), 0, 'composer cleared');
  t.equal(
    await page.locator('.message.user .attachment-thumb img').count(),
    1,
    'the sent message shows the thumbnail',
  );
  const first = (fake.lastRequest()?.body as Body).messages?.at(-1);
  const parts = Array.isArray(first?.content) ? first.content : [];
  t.same(parts[0], { type: 'text', text: 'What colour is this?' }, 'text part first');
  const imagePart = parts.find((p) => p.type === 'image_url');
  t.match(imagePart?.image_url?.url, /^data:image\/png;base64,/, 'image sent as a data URL');

  // 2. A text file; the reply cites sources.
  await input.setInputFiles({
    name: 'notes.md',
    mimeType: 'text/markdown',
    buffer: Buffer.from('# Notes\nThe secret word is PAPAYA.\n'),
  });
  await page.locator('.composer .attachment-chip').waitFor();
  t.match(await page.locator('.composer .attachment-chip').innerText(), /notes\.md/);
  const annotations = [
    {
      type: 'url_citation',
      url_citation: {
        url: 'https://www.example.com/papaya',
        title: 'Papaya facts',
        start_index: 0,
        end_index: 5,
      },
    },
    {
      type: 'url_citation',
      url_citation: { url: 'https://docs.fruit.org/p', start_index: 0, end_index: 5 },
    },
  ];
  const cited = textChunks(['PAPAYA, see sources.']);
  cited.splice(1, 0, chunk({ annotations }));
  fake.reply({ kind: 'chunks', chunks: cited });
  await message.fill('What is the secret word?');
  await message.press('Enter');
  await page.locator('.message.assistant .citations a').first().waitFor();
  const second = (fake.lastRequest()?.body as Body).messages?.at(-1);
  const sent =
    typeof second?.content === 'string' ? second.content : JSON.stringify(second?.content);
  t.match(sent, /What is the secret word\?/, 'the text is sent');
  t.match(sent, /The secret word is PAPAYA\./, "the file's content is sent");
  t.match(sent, /name="notes\.md"/, 'with its name');
  t.equal(
    await page.locator('.message.user .attachment-chip').count(),
    1,
    'chip in the sent message',
  );

  const links = page.locator('.message.assistant .citations a');
  t.equal(await links.count(), 2, 'two citation links');
  t.equal(await links.nth(0).innerText(), 'Papaya facts');
  t.equal(await links.nth(1).innerText(), 'docs.fruit.org', 'no title: the host');
  t.equal(await links.nth(0).getAttribute('href'), 'https://www.example.com/papaya');
  t.equal(await links.nth(0).getAttribute('target'), '_blank');
  t.equal(await links.nth(0).getAttribute('rel'), 'noreferrer noopener');
  t.same(
    await page.locator('.message.assistant .citation-letter').allInnerTexts(),
    ['E', 'D'],
    'letter badges without favicons',
  );
  await page.screenshot({ path: join(screenshots, 'attachments-sent.png'), fullPage: true });

  // 3. An image with a model that cannot read it: refused, nothing sent.
  await pickModel(page, 'openai', 'o3-mini');
  const before = fake.requests.length;
  await input.setInputFiles({
    name: 'blue.png',
    mimeType: 'image/png',
    buffer: png(32, 32, [30, 60, 220]),
  });
  const refusal = page.locator('.composer .attachment-refusal');
  await refusal.waitFor();
  t.match(
    await refusal.innerText(),
    /o3-mini cannot read images; remove them or pick a vision model/,
  );
  t.ok(await page.locator('.composer button[type="submit"]').isDisabled(), 'send is disabled');
  await message.fill('And this?');
  await message.press('Enter');
  t.equal(fake.requests.length, before, 'no upstream request');
  t.equal(await message.inputValue(), 'And this?', 'the text stays in the composer');
  await page.screenshot({ path: join(screenshots, 'attachments-refused.png') });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.locator('.composer').scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(screenshots, 'attachments-refused-375.png') });
  await page.locator('.composer .attachment-thumb .attachment-remove').click();
  await refusal.waitFor({ state: 'detached' });
  t.equal(await page.locator('.composer .attachment-thumb').count(), 0, 'the image is removed');
  await context.close();
});
