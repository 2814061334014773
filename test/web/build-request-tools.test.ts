import t from 'tap';
import {
  buildChatRequest,
  TOOL_NOT_RUN,
  wireToolCall,
} from '../../web/src/features/chat/stores/build-request.js';
import type { UIMessage } from '../../web/src/features/chat/stores/conversations.js';

const call = (id: string, name: string, args = '{"q":"x"}') => ({
  id,
  type: 'function' as const,
  function: { name, arguments: args },
});

t.test('an answer that ended in tool calls is sent with its calls and their results', async (t) => {
  const history: UIMessage[] = [
    { id: '1', role: 'user', content: 'Weather in Paris?' },
    {
      id: '2',
      role: 'assistant',
      content: '',
      toolCalls: [call('call_1', 'weather____today'), call('call_2', 't_ab12')],
    },
    {
      id: '3',
      role: 'tool',
      content: '18 °C, sunny',
      toolCallId: 'call_1',
      toolName: 'weather____today',
      toolStatus: 'done',
    },
    { id: '4', role: 'user', content: 'And tomorrow?' },
  ];
  const request = buildChatRequest({ model: 'm', history });
  t.same(request.messages, [
    { role: 'user', content: 'Weather in Paris?' },
    {
      role: 'assistant',
      content: '',
      tools: [
        {
          id: 'call_1',
          identifier: 'weather',
          apiName: 'today',
          type: 'default',
          arguments: '{"q":"x"}',
          name: 'weather____today',
        },
        {
          id: 'call_2',
          identifier: 't_ab12',
          apiName: '',
          type: 'default',
          arguments: '{"q":"x"}',
          name: 't_ab12',
        },
      ],
    },
    {
      role: 'tool',
      content: '18 °C, sunny',
      tool_call_id: 'call_1',
      name: 'weather____today',
      plugin: { identifier: 'weather', apiName: 'today', type: 'default' },
    },
    { role: 'tool', content: TOOL_NOT_RUN, tool_call_id: 'call_2', name: 't_ab12' },
    { role: 'user', content: 'And tomorrow?' },
  ]);
  t.notSame(
    request.messages.map((m) => m.role),
    ['user', 'user'],
    'the assistant turn is not dropped',
  );
});

t.test(
  'failed tool results are sent as errors; failed and empty replies are left out',
  async (t) => {
    const history: UIMessage[] = [
      { id: '1', role: 'user', content: 'q' },
      {
        id: '2',
        role: 'assistant',
        content: 'Let me look.',
        toolCalls: [call('c', 'search____web')],
      },
      {
        id: '3',
        role: 'tool',
        content: '',
        toolCallId: 'c',
        toolStatus: 'error',
        error: { errorType: 'PluginServerError', message: 'timeout' },
      },
      { id: '4', role: 'assistant', content: '', error: { errorType: 'ProviderBizError' } },
      { id: '5', role: 'assistant', content: '' },
      { id: '6', role: 'user', content: 'again' },
    ];
    const messages = buildChatRequest({ model: 'm', history }).messages;
    t.same(
      messages.map((m) => m.role),
      ['user', 'assistant', 'tool', 'user'],
    );
    t.equal(messages[2]?.content, 'Error: timeout');
  },
);

t.test('a history limit never starts with an orphan tool result', async (t) => {
  const history: UIMessage[] = [
    { id: '1', role: 'user', content: 'q' },
    {
      id: '2',
      role: 'assistant',
      content: '',
      toolCalls: [call('a', 'x____y'), call('b', 'x____z')],
    },
    { id: '3', role: 'user', content: 'next' },
  ];
  const messages = buildChatRequest({
    model: 'm',
    history,
    settings: { historyCountEnabled: true, historyCount: 2 },
  }).messages;
  t.same(
    messages.map((m) => m.role),
    ['assistant', 'tool', 'tool', 'user'],
    'widened back to the assistant message that made the calls',
  );
});

t.test('a call without arguments is sent with an empty object', async (t) => {
  t.equal(wireToolCall(call('a', 'x____y', '')).arguments, '{}');
});
