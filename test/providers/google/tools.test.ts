import t from 'tap';
import type { ChatRequest } from '@manifold/core/contract/chat-request';
import { bodyFor } from './helpers.js';

const weather = {
  type: 'function' as const,
  function: {
    name: 'realtime-weather____fetchCurrentWeather',
    description: 'Current weather',
    parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  },
};
const clock = {
  type: 'function' as const,
  function: { name: 'clock____now', parameters: { type: 'object', properties: {} } },
};

t.test('tools become function declarations; empty parameters get a dummy property', async (t) => {
  const body = await bodyFor(t, { tools: [weather, clock] });
  t.same(
    body.tools,
    [
      {
        functionDeclarations: [
          {
            name: 'realtime-weather____fetchCurrentWeather',
            description: 'Current weather',
            parameters: {
              type: 'OBJECT',
              properties: { city: { type: 'STRING' } },
              required: ['city'],
            },
          },
          {
            name: 'clock____now',
            parameters: { type: 'OBJECT', properties: { dummy: { type: 'STRING' } } },
          },
        ],
      },
    ],
    'the SDK writes the schema types in upper case',
  );
});

const toolHistory: ChatRequest['messages'] = [
  { role: 'user', content: 'Weather in Hangzhou and the time?' },
  {
    role: 'assistant',
    content: '',
    reasoning: { content: 'I should call both.', signature: 'c2lnbmF0dXJl' },
    tools: [
      {
        id: 'call_a',
        identifier: 'realtime-weather',
        apiName: 'fetchCurrentWeather',
        type: 'default',
        arguments: '{"city":"杭州"}',
      },
      { id: 'call_b', identifier: 'clock', apiName: 'now', type: 'builtin', arguments: '' },
    ],
  },
  { role: 'tool', content: '{"temp":21}', tool_call_id: 'call_a' },
  { role: 'tool', content: '10:00', tool_call_id: 'call_b' },
  { role: 'user', content: 'Thanks' },
];

t.test(
  'tool history: functionCall and functionResponse parts named <identifier>____<apiName>',
  async (t) => {
    const body = await bodyFor(t, { messages: toolHistory, tools: [weather] });
    t.same(body.contents, [
      { role: 'user', parts: [{ text: 'Weather in Hangzhou and the time?' }] },
      {
        role: 'model',
        parts: [
          {
            functionCall: {
              name: 'realtime-weather____fetchCurrentWeather',
              args: { city: '杭州' },
            },
            thoughtSignature: 'c2lnbmF0dXJl',
          },
          { functionCall: { name: 'clock____now', args: {} } },
        ],
      },
      {
        role: 'user',
        parts: [
          {
            functionResponse: {
              name: 'realtime-weather____fetchCurrentWeather',
              response: { result: '{"temp":21}' },
            },
          },
          { functionResponse: { name: 'clock____now', response: { result: '10:00' } } },
        ],
      },
      { role: 'user', parts: [{ text: 'Thanks' }] },
    ]);
  },
);

t.test(
  'search is googleSearch (plus urlContext on 2.5), never mixed with function declarations',
  async (t) => {
    t.same(
      (await bodyFor(t, { model: 'gemini-2.5-flash', enabledSearch: true, tools: [weather] }))
        .tools,
      [{ googleSearch: {} }, { urlContext: {} }],
      'search wins over functions in a fresh conversation',
    );
    t.same((await bodyFor(t, { model: 'gemini-2.0-flash', enabledSearch: true })).tools, [
      { googleSearch: {} },
    ]);
    const withCalls = await bodyFor(t, {
      model: 'gemini-2.5-flash',
      enabledSearch: true,
      messages: toolHistory,
      tools: [weather],
    });
    t.same(
      withCalls.tools?.[0]?.functionDeclarations?.[0]?.name,
      weather.function.name,
      'a conversation calling tools keeps them',
    );
    t.equal(withCalls.tools.length, 1);
    t.notOk('tools' in (await bodyFor(t, {})), 'no tools, no search: nothing sent');
  },
);
