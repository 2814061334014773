import t from 'tap';
import type { ToolCallFragment } from '@manifold/core/contract/tool-call';
import { mergeToolCalls } from '@manifold/core/protocol/merge-tool-calls';

const fragment = (index: number, id: string, name: string, args: string): ToolCallFragment => ({
  index,
  id,
  type: 'function',
  function: { name, arguments: args },
});

t.test('fragments are merged by index with arguments appended', async (t) => {
  let calls = mergeToolCalls([], [fragment(0, 'call_a', 'weather', '')]);
  calls = mergeToolCalls(calls, [fragment(1, 'call_b', 'time', '{"tz":')]);
  calls = mergeToolCalls(calls, [fragment(0, 'call_a', 'weather', '{"city":"杭州"}')]);
  calls = mergeToolCalls(calls, [fragment(1, 'call_b', 'time', '"UTC"}')]);
  t.strictSame(calls, [
    {
      id: 'call_a',
      type: 'function',
      index: 0,
      function: { name: 'weather', arguments: '{"city":"杭州"}' },
    },
    {
      id: 'call_b',
      type: 'function',
      index: 1,
      function: { name: 'time', arguments: '{"tz":"UTC"}' },
    },
  ]);
});

t.test('id and name come from the first fragment of an index', async (t) => {
  const calls = mergeToolCalls(
    [],
    [fragment(0, 'call_first', 'first', 'a'), fragment(0, 'call_other', 'other', 'b')],
  );
  t.strictSame(calls, [
    { id: 'call_first', type: 'function', index: 0, function: { name: 'first', arguments: 'ab' } },
  ]);
});

t.test('an empty name is filled from a later fragment', async (t) => {
  const calls = mergeToolCalls(
    [],
    [fragment(0, 'call_a', '', '{'), fragment(0, 'call_a', 'late', '}')],
  );
  t.equal(calls[0]?.function.name, 'late');
  t.equal(calls[0]?.function.arguments, '{}');
});

t.test('calls are ordered by index whatever order fragments arrive in', async (t) => {
  const calls = mergeToolCalls(
    [],
    [fragment(2, 'c', 'c', ''), fragment(0, 'a', 'a', ''), fragment(1, 'b', 'b', '')],
  );
  t.strictSame(
    calls.map((call) => call.id),
    ['a', 'b', 'c'],
  );
});

t.test('the input list and its calls are not modified', async (t) => {
  const current = mergeToolCalls([], [fragment(0, 'call_a', 'weather', '{')]);
  const snapshot = structuredClone(current);
  const next = mergeToolCalls(current, [fragment(0, 'call_a', 'weather', '}')]);
  t.strictSame(current, snapshot);
  t.not(next, current);
  t.equal(next[0]?.function.arguments, '{}');
  t.equal(mergeToolCalls(current, []), current, 'no fragments, same list');
});
