import t from 'tap';
import { run } from './stream-helpers.js';

t.test('parallel tool calls each keep their own id and name on every fragment', async (t) => {
  const fragment = (index: number, id: string, name: string, args: string) => ({
    id: 'chatcmpl-2',
    event: 'tool_calls',
    data: [{ index, id, type: 'function', function: { name, arguments: args } }],
  });
  const { events } = await run([
    { type: 'id', id: 'chatcmpl-2' },
    1200,
    { type: 'tool_call', index: 0, id: 'call_a', name: 'get_weather', arguments: '' },
    { type: 'tool_call', index: 1, id: 'call_b', name: 'get_time', arguments: '' },
    { type: 'tool_call', index: 0, arguments: '{"city":' },
    { type: 'tool_call', index: 1, arguments: '{"tz":"UTC"}' },
    { type: 'tool_call', index: 0, arguments: '' },
    { type: 'tool_call', index: 0, arguments: '"杭州"}' },
    { type: 'finish', reason: 'tool_calls' },
    { type: 'end' },
  ]);
  t.strictSame(events, [
    fragment(0, 'call_a', 'get_weather', ''),
    fragment(1, 'call_b', 'get_time', ''),
    fragment(0, 'call_a', 'get_weather', '{"city":'),
    fragment(1, 'call_b', 'get_time', '{"tz":"UTC"}'),
    fragment(0, 'call_a', 'get_weather', '"杭州"}'),
    { id: 'chatcmpl-2', event: 'stop', data: 'tool_calls' },
    { id: 'output_speed', event: 'speed', data: { ttft: 200 } },
  ]);
});

t.test(
  'tool calls without ids get a generated id per index, stable across fragments',
  async (t) => {
    const { events } = await run([
      { type: 'tool_call', index: 0, name: 'a', arguments: '{' },
      { type: 'tool_call', index: 1, name: 'b', arguments: '{' },
      { type: 'tool_call', index: 0, arguments: '}' },
      { type: 'tool_call', index: 1, arguments: '}' },
      { type: 'end' },
    ]);
    const fragments = events.flatMap((event) => (event.event === 'tool_calls' ? event.data : []));
    t.equal(fragments.length, 4);
    const [first, second, third, fourth] = fragments;
    t.match(first?.id, /^call_[0-9A-Za-z]{24}$/);
    t.not(first?.id, second?.id);
    t.equal(third?.id, first?.id);
    t.equal(fourth?.id, second?.id);
    t.equal(fourth?.function.name, 'b');
  },
);

t.test('arguments before a call name are held until the name arrives', async (t) => {
  const { events } = await run([
    { type: 'id', id: 'x' },
    { type: 'tool_call', index: 0, arguments: '{"q":' },
    { type: 'tool_call', index: 0, id: 'call_late', name: 'search', arguments: '1}' },
    { type: 'tool_call', index: 1, id: 'call_anon', arguments: '{}' },
    { type: 'end' },
  ]);
  t.strictSame(
    events.filter((event) => event.event === 'tool_calls').map((event) => event.data),
    [
      [
        {
          index: 0,
          id: 'call_late',
          type: 'function',
          function: { name: 'search', arguments: '{"q":1}' },
        },
      ],
      [{ index: 1, id: 'call_anon', type: 'function', function: { name: '', arguments: '{}' } }],
    ],
  );
  t.equal(events.at(-2)?.event, 'stop');
});
