import t from 'tap';
import { newStreamId, newToolCallId, randomId } from '@manifold/core/protocol/random-id';

t.test('random ids have the asked length and only alphanumeric characters', async (t) => {
  for (const length of [1, 16, 24, 100])
    t.match(randomId(length), new RegExp(`^[0-9A-Za-z]{${length}}$`));
  t.equal(randomId(0), '');
});

t.test('stream and tool-call ids carry their prefixes and do not repeat', async (t) => {
  t.match(newStreamId(), /^chat_[0-9A-Za-z]{16}$/);
  t.match(newToolCallId(), /^call_[0-9A-Za-z]{24}$/);
  const ids = new Set(Array.from({ length: 1000 }, () => newStreamId()));
  t.equal(ids.size, 1000);
});
