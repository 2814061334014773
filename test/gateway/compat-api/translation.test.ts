/**
 * How the `/v1/*` requests are translated at the edge: what reaches the upstream for the fields each
 * API has, what is refused (400 in the API's own shape, naming the field), and the error shapes of
 * validation and unknown routes.
 */
import t from 'tap';
import { chatCompletion } from '@manifold/provider-kit/fakes/openai-builders';
import { anthropicMessage } from '@manifold/provider-kit/fakes/anthropic-builders';
import { API_KEY, startCompatGateway } from './helpers.js';

const gateway = await startCompatGateway(t);
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

async function post(path: string, body: unknown) {
  const response = await fetch(`${gateway.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${API_KEY}`, 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}
const json = async (path: string, body: unknown) => {
  const { status, text } = await post(path, body);
  return { status, body: JSON.parse(text) };
};
const openAIText = () => gateway.openai.reply({ kind: 'json', body: chatCompletion('Done.') });
const anthropicText = () =>
  gateway.anthropic.reply({
    kind: 'json',
    body: anthropicMessage([{ type: 'text', text: 'Done.' }]),
  });

t.test(
  'OpenAI messages reach the OpenAI wire: developer as system, image parts, sampling',
  async (t) => {
    openAIText();
    const { status } = await json('/v1/chat/completions', {
      model: 'openai/gpt-4o',
      messages: [
        { role: 'developer', content: [{ type: 'text', text: 'Be brief.' }] },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What is this?' },
            {
              type: 'image_url',
              image_url: { url: `data:image/png;base64,${PNG}`, detail: 'low' },
            },
          ],
        },
      ],
      temperature: 0.3,
      top_p: 0.9,
      presence_penalty: 0.5,
      max_tokens: 50,
      user: 'end-user-9',
      tool_choice: 'auto',
      stream_options: null,
    });
    t.equal(status, 200);
    t.match(gateway.openai.lastRequest()?.body, {
      model: 'gpt-4o',
      messages: [
        { role: 'system', content: 'Be brief.' },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What is this?' },
            {
              type: 'image_url',
              image_url: { url: `data:image/png;base64,${PNG}`, detail: 'low' },
            },
          ],
        },
      ],
      temperature: 0.3,
      top_p: 0.9,
      presence_penalty: 0.5,
      user: 'end-user-9',
      stream: false,
    });
  },
);

t.test(
  'Anthropic blocks reach the Anthropic wire: image, signed thinking, temperature as sent',
  async (t) => {
    anthropicText();
    const { status } = await json('/v1/messages', {
      model: 'anthropic/claude-sonnet-4-5-20250929',
      max_tokens: 1000,
      temperature: 0.4,
      system: [{ type: 'text', text: 'Be brief.', cache_control: { type: 'ephemeral' } }],
      thinking: { type: 'enabled', budget_tokens: 500 },
      metadata: { user_id: 'end-user-9' },
      messages: [
        {
          role: 'user',
          content: [
            { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG } },
            { type: 'text', text: 'What is this?' },
          ],
        },
        {
          role: 'assistant',
          content: [
            { type: 'thinking', thinking: 'A pixel.', signature: 'sig-1' },
            { type: 'text', text: 'A pixel.' },
          ],
        },
        { role: 'user', content: 'Sure?' },
      ],
    });
    t.equal(status, 200);
    const body = gateway.anthropic.lastRequest()?.body as Record<string, any>;
    t.match(body, {
      model: 'claude-sonnet-4-5-20250929',
      max_tokens: 1000,
      thinking: { type: 'enabled', budget_tokens: 500 },
      metadata: { user_id: 'end-user-9' },
      messages: [
        {
          role: 'user',
          content: [
            { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG } },
            { type: 'text', text: 'What is this?' },
          ],
        },
        {
          role: 'assistant',
          content: [
            { type: 'thinking', thinking: 'A pixel.', signature: 'sig-1' },
            { type: 'text', text: 'A pixel.' },
          ],
        },
        { role: 'user' },
      ],
    });
    t.match(body.system, [{ type: 'text', text: 'Be brief.' }]);
    t.notOk(
      'temperature' in body,
      'no temperature with thinking on, as the Anthropic runtime does',
    );

    anthropicText();
    await json('/v1/messages', {
      model: 'anthropic/claude-sonnet-4-5-20250929',
      max_tokens: 100,
      temperature: 0.4,
      messages: [{ role: 'user', content: 'Hi' }],
    });
    t.equal(
      (gateway.anthropic.lastRequest()?.body as { temperature?: number }).temperature,
      0.4,
      "Anthropic's 0–1 temperature reaches Claude as sent",
    );
    openAIText();
    await json('/v1/messages', {
      model: 'openai/gpt-4o-mini',
      max_tokens: 100,
      temperature: 0.4,
      messages: [{ role: 'user', content: 'Hi' }],
    });
    t.equal(
      (gateway.openai.lastRequest()?.body as { temperature?: number }).temperature,
      0.8,
      "and onto OpenAI's 0–2 scale for other models",
    );
  },
);

t.test('fields Manifold cannot keep are 400 in OpenAI shape, naming the field', async (t) => {
  const base = { model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'Hi' }] };
  const cases: Array<[Record<string, unknown>, string]> = [
    [{ n: 3 }, 'n'],
    [{ stop: ['END'] }, 'stop'],
    [{ response_format: { type: 'json_object' } }, 'response_format'],
    [{ tool_choice: 'required' }, 'tool_choice'],
    [{ tool_choice: { type: 'function', function: { name: 'f' } } }, 'tool_choice'],
    [{ logprobs: true }, 'logprobs'],
    [{ model: 'gpt-4o-mini' }, 'model'],
    [{ fallbacks: ['anthropic/claude-haiku', 'claude'] }, 'fallbacks.1'],
    [
      {
        messages: [
          {
            role: 'user',
            content: [{ type: 'input_audio', input_audio: { data: '', format: 'wav' } }],
          },
        ],
      },
      'messages.0.content.0.type',
    ],
    [{ messages: [{ role: 'tool', content: 'x' }] }, 'messages.0.tool_call_id'],
    [{ temperature: 3 }, 'temperature'],
    [{ messages: [] }, 'messages'],
  ];
  const before = gateway.openai.requests.length;
  for (const [extra, field] of cases) {
    const { status, body } = await json('/v1/chat/completions', { ...base, ...extra });
    t.equal(status, 400, field);
    t.match(body, {
      error: { type: 'invalid_request_error', code: 'BadRequest', param: field, message: String },
    });
  }
  t.equal(gateway.openai.requests.length, before, 'none reached the upstream');
  openAIText();
  const accepted = await json('/v1/chat/completions', {
    ...base,
    fallbacks: ['anthropic/claude-haiku-4-5-20251001'],
    stop: [],
    n: 1,
    response_format: { type: 'text' },
    parallel_tool_calls: true,
    seed: 7,
  });
  t.equal(accepted.status, 200, 'fallbacks and harmless fields are accepted');
  t.notOk('fallbacks' in (gateway.openai.lastRequest()?.body as object), 'not sent upstream');
});

t.test('fields Manifold cannot keep are 400 in Anthropic shape, naming the field', async (t) => {
  const base = {
    model: 'anthropic/claude-sonnet-4-5-20250929',
    max_tokens: 100,
    messages: [{ role: 'user', content: 'Hi' }],
  };
  const cases: Array<[Record<string, unknown>, string]> = [
    [{ stop_sequences: ['END'] }, 'stop_sequences'],
    [{ top_k: 5 }, 'top_k'],
    [{ tool_choice: { type: 'any' } }, 'tool_choice'],
    [{ thinking: { type: 'adaptive' } }, 'thinking.type'],
    [{ tools: [{ type: 'web_search_20250305', name: 'web_search' }] }, 'tools.0.type'],
    [
      {
        messages: [
          {
            role: 'user',
            content: [
              { type: 'document', source: { type: 'text', data: 'x', media_type: 'text/plain' } },
            ],
          },
        ],
      },
      'messages.0.content.0.type',
    ],
    [{ max_tokens: undefined }, 'max_tokens'],
    [{ model: 'claude-sonnet-4-5' }, 'model'],
  ];
  for (const [extra, field] of cases) {
    const { status, body } = await json('/v1/messages', { ...base, ...extra });
    t.equal(status, 400, field);
    t.equal(body.type, 'error');
    t.equal(body.error.type, 'invalid_request_error');
    t.match(body.error.message, field, 'the message names the field');
  }
});

t.test('tool results come before the user text of a turn, whatever the client order', async (t) => {
  openAIText();
  await json('/v1/messages', {
    model: 'openai/gpt-4o-mini',
    max_tokens: 100,
    tools: [{ name: 'lookup', input_schema: { type: 'object' } }],
    messages: [
      { role: 'user', content: 'Look it up.' },
      {
        role: 'assistant',
        content: [{ type: 'tool_use', id: 'toolu_1', name: 'lookup', input: { q: 'x' } }],
      },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Here:' },
          { type: 'tool_result', tool_use_id: 'toolu_1', content: [{ type: 'text', text: '42' }] },
        ],
      },
    ],
  });
  t.match((gateway.openai.lastRequest()?.body as { messages: unknown[] }).messages, [
    { role: 'user', content: 'Look it up.' },
    {
      role: 'assistant',
      tool_calls: [
        { id: 'toolu_1', type: 'function', function: { name: 'lookup', arguments: '{"q":"x"}' } },
      ],
    },
    { role: 'tool', tool_call_id: 'toolu_1', content: '42' },
    { role: 'user', content: [{ type: 'text', text: 'Here:' }] },
  ]);
});

t.test(
  'without include_usage no usage chunk is sent; the stream has the route header',
  async (t) => {
    gateway.families[0]!.replyText(true);
    const { status, headers, text } = await post('/v1/chat/completions', {
      model: 'openai/gpt-4o-mini',
      messages: [{ role: 'user', content: 'Hi' }],
      stream: true,
    });
    t.equal(status, 200);
    t.equal(headers.get('content-type'), 'text/event-stream; charset=utf-8');
    t.equal(headers.get('x-manifold-route'), 'openai/gpt-4o-mini');
    t.notMatch(text, '"usage"');
    t.ok(text.endsWith('data: [DONE]\n\n'));
  },
);

t.test('an unknown route and a body that is not JSON answer in the API shape', async (t) => {
  const missing = await json('/v1/responses', { model: 'openai/gpt-4o' });
  t.equal(missing.status, 404);
  t.match(missing.body, { error: { type: 'not_found_error', code: 404 } });
  const anthropicMissing = await json('/v1/messages/count_tokens', {});
  t.equal(anthropicMissing.status, 404);
  t.match(anthropicMissing.body, { type: 'error', error: { type: 'not_found_error' } });
  const broken = await json('/v1/chat/completions', '{"model":');
  t.equal(broken.status, 400);
  t.match(broken.body, { error: { type: 'invalid_request_error', param: 'body' } });
});

t.test('tool_choice none offers no tools, on both APIs', async (t) => {
  const tool = { type: 'object', properties: { q: { type: 'string' } } };
  openAIText();
  const openai = await json('/v1/chat/completions', {
    model: 'openai/gpt-4o-mini',
    messages: [{ role: 'user', content: 'Hi' }],
    tools: [{ type: 'function', function: { name: 'lookup', parameters: tool } }],
    tool_choice: 'none',
  });
  t.equal(openai.status, 200);
  t.notOk('tools' in (gateway.openai.lastRequest()?.body as object), 'no tools upstream');
  anthropicText();
  const anthropic = await json('/v1/messages', {
    model: 'anthropic/claude-sonnet-4-5-20250929',
    max_tokens: 100,
    messages: [{ role: 'user', content: 'Hi' }],
    tools: [{ name: 'lookup', input_schema: tool }],
    tool_choice: { type: 'none' },
  });
  t.equal(anthropic.status, 200);
  t.notOk('tools' in (gateway.anthropic.lastRequest()?.body as object), 'no tools upstream');
});
