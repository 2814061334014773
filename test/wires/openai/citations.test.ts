import t from 'tap';
import { createOpenAICompatibleRuntime } from '@manifold/wire-openai/runtime';
import { chatCompletion, textChunks } from '@manifold/provider-kit/fakes/openai-builders';
import { chatEvents, chatRequest, fakeUpstream, runtimeOptions } from './runtime-helpers.js';

t.test("a chunk's web_search list of {link, title} becomes the grounding by default", async (t) => {
  const fake = await fakeUpstream(t);
  const web_search = [
    { icon: '', title: 'Zed', link: 'https://example.com/z', media: 'Example', content: '…' },
    { link: 'https://example.com/untitled' },
    { title: 'no link' },
  ];
  fake.reply({
    kind: 'chunks',
    chunks: textChunks(['Hi', '!']).map((chunk, index) =>
      index === 0 ? { ...chunk, web_search } : chunk,
    ),
  });
  const runtime = createOpenAICompatibleRuntime(
    { baseURL: 'http://unused.invalid/v1' },
    runtimeOptions(fake),
  );

  const events = await chatEvents(runtime, chatRequest());

  t.same(
    events.filter((event) => event.event === 'grounding').map((event) => event.data),
    [
      {
        citations: [
          { title: 'Zed', url: 'https://example.com/z' },
          { title: 'https://example.com/untitled', url: 'https://example.com/untitled' },
        ],
      },
    ],
  );
  t.equal(
    events
      .filter((event) => event.event === 'text')
      .map((event) => event.data)
      .join(''),
    'Hi!',
  );
});

t.test('a whole answer with a web_search list gets the same grounding', async (t) => {
  const fake = await fakeUpstream(t);
  const web_search = [{ title: 'Zed', link: 'https://example.com/z' }];
  fake.reply({ kind: 'json', body: { ...chatCompletion('Hi!'), web_search } });
  const runtime = createOpenAICompatibleRuntime(
    { baseURL: 'http://unused.invalid/v1' },
    runtimeOptions(fake),
  );

  const events = await chatEvents(runtime, chatRequest({ stream: false }));

  t.same(
    events.filter((event) => event.event === 'grounding').map((event) => event.data),
    [{ citations: [{ title: 'Zed', url: 'https://example.com/z' }] }],
  );
});
