import t from 'tap';
import { createReasoningTimer } from '../../web/src/features/chat/stores/reasoning-timer.js';

t.test('reasoning lasts from its first event to the first text', async (t) => {
  let clock = 1000;
  const timer = createReasoningTimer(() => clock);
  t.equal(timer.event('reasoning'), undefined);
  clock = 1800;
  t.equal(timer.event('reasoning'), undefined, 'more reasoning does not end it');
  t.equal(timer.event('grounding'), undefined, 'citations do not end it');
  clock = 3200;
  t.equal(timer.event('text'), 2200);
  clock = 5000;
  t.equal(timer.event('text'), undefined, 'reported once');
  t.equal(timer.end(), undefined);
});

t.test('tool calls or the end of the stream close it too; no reasoning, no duration', async (t) => {
  let clock = 0;
  const tools = createReasoningTimer(() => clock);
  tools.event('reasoning');
  clock = 500;
  t.equal(tools.event('tool_calls'), 500);

  const stopped = createReasoningTimer(() => clock);
  stopped.event('reasoning');
  clock = 900;
  t.equal(stopped.end(), 400, 'a stream stopped mid-reasoning still has its duration');

  const plain = createReasoningTimer(() => clock);
  t.equal(plain.event('text'), undefined);
  t.equal(plain.end(), undefined);
});
