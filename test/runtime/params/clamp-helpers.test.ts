import t from 'tap';
import { dropWhen, halve, holdInRange, matchesModel } from '@manifold/core/params/clamp-helpers';

t.test('halve divides by two and rounds away float noise', async (t) => {
  t.same(halve(0.7), { value: 0.35, changed: true });
  t.same(halve(1), { value: 0.5, changed: true });
  t.same(halve(0), { value: 0, changed: false });
});

t.test('halve holds the result at the minimum', async (t) => {
  t.same(halve(0.01, 0.01), { value: 0.01, changed: false });
  t.same(halve(0.001, 0.01), { value: 0.01, changed: true });
});

t.test('halve leaves non-numbers alone', async (t) => {
  t.same(halve('0.7'), { value: '0.7', changed: false });
  t.same(halve(Number.NaN), { value: Number.NaN, changed: false });
  t.same(halve(undefined), { value: undefined, changed: false });
});

t.test('holdInRange clamps into inclusive bounds', async (t) => {
  t.same(holdInRange(1.5, { min: 0, max: 1 }), { value: 1, changed: true });
  t.same(holdInRange(-1, { min: 0 }), { value: 0, changed: true });
  t.same(holdInRange(0.5, { min: 0, max: 1 }), { value: 0.5, changed: false });
  t.same(holdInRange(1, { max: 1 }), { value: 1, changed: false });
  t.same(holdInRange(null, { min: 0 }), { value: null, changed: false });
});

t.test('dropWhen removes a value the predicate matches', async (t) => {
  t.same(
    dropWhen(0, (value) => value === 0),
    { value: undefined, changed: true },
  );
  t.same(
    dropWhen(1, (value) => value === 0),
    { value: 1, changed: false },
  );
  t.same(
    dropWhen(undefined, () => true),
    { value: undefined, changed: false },
  );
});

t.test('matchesModel understands every matcher form', async (t) => {
  t.ok(matchesModel('GPT-4o-mini', 'gpt-4o'), 'string is a case-insensitive prefix');
  t.notOk(matchesModel('my-gpt-4o', 'gpt-4o'), 'string is not a substring match');
  t.ok(matchesModel('o3-mini', ['o1', 'o3']), 'array matches any prefix');
  t.notOk(matchesModel('gpt-4', ['o1', 'o3']));
  t.ok(matchesModel('grok-3-mini-fast', /^grok-3-mini/));
  t.ok(
    matchesModel('qwen-vl-max', (model) => model.includes('-vl')),
    'function decides',
  );
  t.ok(matchesModel('anything', undefined), 'no matcher matches every model');
});

t.test('a global regex matches on every call', async (t) => {
  const matcher = /mini/g;
  t.ok(matchesModel('o3-mini', matcher));
  t.ok(matchesModel('o3-mini', matcher));
});
