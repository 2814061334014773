import t from 'tap';
import { createServer } from 'node:http';
import type { ChatRequest } from '@manifold/core/contract/chat-request';
import { chatEvents, rejection } from '../../wires/openai/runtime-helpers.js';
import { ask, bodyFor, fakeGoogle, googleRuntime, sentBody } from './helpers.js';

const BLOCK_NONE = [
  'HARM_CATEGORY_HATE_SPEECH',
  'HARM_CATEGORY_SEXUALLY_EXPLICIT',
  'HARM_CATEGORY_HARASSMENT',
  'HARM_CATEGORY_DANGEROUS_CONTENT',
].map((category) => ({ category, threshold: 'BLOCK_NONE' }));

t.test(
  'system messages become the systemInstruction; sampling goes to generationConfig',
  async (t) => {
    const body = await bodyFor(t, {
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Hi' },
        { role: 'assistant', content: 'Hello!' },
        { role: 'system', content: [{ type: 'text', text: 'Answer in French.' }] },
        { role: 'user', content: 'Weather?' },
      ],
      temperature: 0.7,
      top_p: 0.9,
      max_tokens: 512,
      frequency_penalty: 0.5,
    });
    t.same(body, {
      contents: [
        { role: 'user', parts: [{ text: 'Hi' }] },
        { role: 'model', parts: [{ text: 'Hello!' }] },
        { role: 'user', parts: [{ text: 'Weather?' }] },
      ],
      systemInstruction: { parts: [{ text: 'Be brief.\n\nAnswer in French.' }], role: 'user' },
      safetySettings: BLOCK_NONE,
      generationConfig: { temperature: 0.7, topP: 0.9, maxOutputTokens: 512 },
    });
  },
);

t.test(
  'image-generation and Gemma models get the system text in the first user turn',
  async (t) => {
    const messages: ChatRequest['messages'] = [
      { role: 'system', content: 'You draw cats.' },
      { role: 'user', content: 'A cat' },
    ];
    const image = await bodyFor(t, {
      model: 'gemini-2.5-flash-image',
      messages,
      thinkingBudget: 1024,
    });
    t.notOk('systemInstruction' in image);
    t.same(image.contents, [
      { role: 'user', parts: [{ text: 'You draw cats.' }, { text: 'A cat' }] },
    ]);
    t.same(
      image.generationConfig,
      { responseModalities: ['TEXT', 'IMAGE'] },
      'no thinking config either',
    );
    const gemma = await bodyFor(t, { model: 'gemma-3-27b-it', messages });
    t.notOk('systemInstruction' in gemma);
    t.same(gemma.contents[0].parts[0], { text: 'You draw cats.' });
    const systemOnly = await bodyFor(t, { model: 'gemma-3-27b-it', messages: [messages[0]!] });
    t.same(systemOnly.contents, [{ role: 'user', parts: [{ text: 'You draw cats.' }] }]);
  },
);

t.test('thinking budgets are held in each family’s range on the wire (SPEC §5)', async (t) => {
  const cases: Array<[string, Partial<ChatRequest>, unknown]> = [
    ['gemini-2.5-pro', {}, { includeThoughts: true, thinkingBudget: -1 }],
    ['gemini-2.5-pro', { thinkingBudget: 10 }, { includeThoughts: true, thinkingBudget: 128 }],
    [
      'gemini-2.5-pro',
      { thinkingBudget: 50_000 },
      { includeThoughts: true, thinkingBudget: 32_768 },
    ],
    [
      'gemini-2.5-pro',
      { thinking: { type: 'disabled' } },
      { includeThoughts: true, thinkingBudget: 128 },
    ],
    ['gemini-2.5-flash', {}, { includeThoughts: true, thinkingBudget: -1 }],
    [
      'gemini-2.5-flash',
      { thinkingBudget: 30_000 },
      { includeThoughts: true, thinkingBudget: 24_576 },
    ],
    ['gemini-2.5-flash', { thinking: { type: 'disabled' } }, { thinkingBudget: 0 }],
    [
      'gemini-2.5-flash',
      { thinking: { type: 'enabled', budget_tokens: 4000 } },
      { includeThoughts: true, thinkingBudget: 4000 },
    ],
    ['gemini-2.5-flash-lite', {}, { includeThoughts: true }],
    [
      'gemini-2.5-flash-lite',
      { thinkingBudget: 100 },
      { includeThoughts: true, thinkingBudget: 512 },
    ],
    ['gemini-2.5-flash-lite', { thinkingBudget: 0 }, { thinkingBudget: 0 }],
    [
      'gemini-2.5-flash-lite',
      { thinkingBudget: -1 },
      { includeThoughts: true, thinkingBudget: -1 },
    ],
    ['gemini-2.0-flash', { thinkingBudget: 1000 }, undefined],
  ];
  const fake = await fakeGoogle(t);
  for (const [model, extra, expected] of cases) {
    await chatEvents(googleRuntime(fake), ask({ model, ...extra }));
    t.same(
      sentBody(fake).generationConfig.thinkingConfig,
      expected,
      `${model} ${JSON.stringify(extra)}`,
    );
  }
});

t.test('a clamped budget is logged at debug', async (t) => {
  const fake = await fakeGoogle(t);
  const logger = (await import('../../wires/openai/runtime-helpers.js')).recordingLogger();
  await chatEvents(
    googleRuntime(fake, { logger }),
    ask({ model: 'gemini-2.5-pro', thinkingBudget: 1 }),
  );
  t.ok(
    logger.records.some(
      (record) => record.level === 'debug' && record.message === 'thinkingBudget 1 → 128 (range)',
    ),
  );
});

t.test('all four safety categories are BLOCK_NONE, OFF for gemini-2.0-flash-exp', async (t) => {
  t.same((await bodyFor(t, {})).safetySettings, BLOCK_NONE);
  const exp = await bodyFor(t, { model: 'gemini-2.0-flash-exp' });
  t.same(
    exp.safetySettings,
    BLOCK_NONE.map((setting) => ({ ...setting, threshold: 'OFF' })),
  );
});

t.test('images are always inlined: data URLs decoded, http URLs fetched', async (t) => {
  const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
  const server = createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'application/octet-stream' });
    response.end(png);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => server.close());
  const imageURL = `http://127.0.0.1:${(server.address() as { port: number }).port}/cat.png`;
  const body = await bodyFor(t, {
    messages: [
      {
        role: 'user',
        content: [
          { type: 'text', text: 'What is this?' },
          { type: 'image_url', image_url: { url: 'data:image/jpeg;base64,/9j/4AAQ' } },
        ],
        imageList: [{ url: imageURL, alt: 'cat' }],
        fileList: [
          { id: 'f1', name: 'notes.txt', fileType: 'text/plain', size: 5, content: 'hello' },
        ],
      },
    ],
  });
  t.same(body.contents[0].parts, [
    { text: 'What is this?' },
    { inlineData: { mimeType: 'image/jpeg', data: '/9j/4AAQ' } },
    { text: '<files>\n<file name="notes.txt" type="text/plain">\nhello\n</file>\n</files>' },
    { inlineData: { mimeType: 'image/png', data: png.toString('base64') } },
  ]);
});

t.test('an image that cannot be fetched is a 400 before any upstream call', async (t) => {
  const fake = await fakeGoogle(t);
  const error = await rejection(
    googleRuntime(fake).chat(
      ask({
        messages: [
          { role: 'user', content: 'Look', imageList: [{ url: `${fake.url}/missing.png` }] },
        ],
      }),
      { signal: new AbortController().signal, startedAt: Date.now() },
    ),
  );
  t.equal(error?.errorType, 'BadRequest');
  t.match(error?.body.message, /missing\.png: HTTP \d+/);
  t.equal(fake.lastGenerate(), undefined, 'Google was not called');
});
