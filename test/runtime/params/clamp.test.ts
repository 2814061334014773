import t from 'tap';
import {
  applyClamps,
  describeChanges,
  validateClampRules,
  type ClampRule,
} from '@manifold/core/params/clamp';

const model = { model: 'test-model' };

t.test('halve halves the temperature and reports from and to', async (t) => {
  const { params, changes } = applyClamps(
    { temperature: 0.7 },
    [{ op: 'halve', param: 'temperature' }],
    model,
  );
  t.same(params, { temperature: 0.35 });
  t.same(changes, [{ param: 'temperature', op: 'halve', from: 0.7, to: 0.35 }]);
});

t.test('halve with a minimum keeps at least the minimum', async (t) => {
  const rules: ClampRule[] = [{ op: 'halve', param: 'temperature', min: 0.01 }];
  t.same(applyClamps({ temperature: 0 }, rules, model).params, { temperature: 0.01 });
});

t.test('rules apply in order: top_p halved, then held in 0.1–9.9', async (t) => {
  const rules: ClampRule[] = [
    { op: 'halve', param: 'top_p' },
    { op: 'range', param: 'top_p', min: 0.1, max: 9.9 },
  ];
  const low = applyClamps({ top_p: 0.1 }, rules, model);
  t.same(low.params, { top_p: 0.1 });
  t.same(low.changes, [
    { param: 'top_p', op: 'halve', from: 0.1, to: 0.05 },
    { param: 'top_p', op: 'range', from: 0.05, to: 0.1 },
  ]);
  t.same(applyClamps({ top_p: 0.9 }, rules, model).params, { top_p: 0.45 });
});

t.test('range holds values by default and drops them with outside drop', async (t) => {
  const hold: ClampRule[] = [{ op: 'range', param: 'top_p', min: 0.01, max: 0.99 }];
  t.same(applyClamps({ top_p: 1 }, hold, model).params, { top_p: 0.99 });
  const drop: ClampRule[] = [
    {
      op: 'range',
      param: 'top_p',
      min: 0,
      max: 1,
      minExclusive: true,
      maxExclusive: true,
      outside: 'drop',
    },
  ];
  const dropped = applyClamps({ top_p: 1, other: 2 }, drop, model);
  t.same(dropped.params, { other: 2 });
  t.notOk('top_p' in dropped.params, 'the key is removed, not set to undefined');
  t.same(dropped.changes, [{ param: 'top_p', op: 'range', from: 1, to: undefined }]);
  t.same(applyClamps({ top_p: 0.5 }, drop, model).params, { top_p: 0.5 });
  t.same(applyClamps({ top_p: 0 }, drop, model).params, {});
});

t.test('drop removes non-positive values when asked to drop at 0 or less', async (t) => {
  const rules: ClampRule[] = [{ op: 'drop', param: 'temperature', when: { lte: 0 } }];
  t.same(applyClamps({ temperature: 0 }, rules, model).params, {});
  t.same(applyClamps({ temperature: -1 }, rules, model).params, {});
  t.same(applyClamps({ temperature: 0.2 }, rules, model).params, { temperature: 0.2 });
});

t.test('drop conditions are alternatives and no condition always drops', async (t) => {
  const outside: ClampRule[] = [{ op: 'drop', param: 'p', when: { lt: 0, gte: 2 } }];
  t.same(applyClamps({ p: 2 }, outside, model).params, {});
  t.same(applyClamps({ p: -0.5 }, outside, model).params, {});
  t.same(applyClamps({ p: 1 }, outside, model).params, { p: 1 });
  const always: ClampRule[] = [{ op: 'drop', param: 'frequency_penalty' }];
  const { params, changes } = applyClamps({ frequency_penalty: 'x' }, always, model);
  t.same(params, {});
  t.same(changes, [{ param: 'frequency_penalty', op: 'drop', from: 'x', to: undefined }]);
});

t.test('rename moves the value and later rules see the new name', async (t) => {
  const rules: ClampRule[] = [
    { op: 'rename', param: 'max_tokens', to: 'max_completion_tokens' },
    { op: 'range', param: 'max_completion_tokens', max: 100 },
  ];
  const { params, changes } = applyClamps({ max_tokens: 500 }, rules, model);
  t.same(params, { max_completion_tokens: 100 });
  t.same(changes, [
    { param: 'max_tokens', op: 'rename', from: 500, to: 500, renamedTo: 'max_completion_tokens' },
    { param: 'max_completion_tokens', op: 'range', from: 500, to: 100 },
  ]);
});

t.test('default sets an absent parameter and leaves a present one alone', async (t) => {
  const rules: ClampRule[] = [{ op: 'default', param: 'max_tokens', value: 4096 }];
  const { params, changes } = applyClamps({}, rules, model);
  t.same(params, { max_tokens: 4096 });
  t.same(changes, [{ param: 'max_tokens', op: 'default', from: undefined, to: 4096 }]);
  t.same(applyClamps({ max_tokens: 10 }, rules, model), {
    params: { max_tokens: 10 },
    changes: [],
  });
});

t.test('a default object is copied, so callers cannot change the rule', async (t) => {
  const rules: ClampRule[] = [{ op: 'default', param: 'thinking', value: { type: 'enabled' } }];
  const first = applyClamps<Record<string, unknown>>({}, rules, model).params;
  (first.thinking as { type: string }).type = 'changed';
  t.same(applyClamps({}, rules, model).params, { thinking: { type: 'enabled' } });
});

t.test('absent parameters and non-numeric values are left alone by numeric ops', async (t) => {
  const rules: ClampRule[] = [
    { op: 'halve', param: 'temperature' },
    { op: 'range', param: 'top_p', max: 1 },
    { op: 'drop', param: 'presence_penalty', when: { lte: 0 } },
  ];
  const { params, changes } = applyClamps({ top_p: '2', presence_penalty: null }, rules, model);
  t.same(params, { top_p: '2', presence_penalty: null });
  t.same(changes, []);
});

t.test('rules with models apply only to matching models', async (t) => {
  const rules: ClampRule[] = [
    { op: 'drop', param: 'frequency_penalty', models: 'grok-3-mini' },
    { op: 'halve', param: 'temperature', models: ['claude', 'o1'] },
    { op: 'range', param: 'top_p', max: 0.5, models: /vision/ },
    { op: 'default', param: 'max_tokens', value: 1024, models: (id) => id.endsWith('-vl') },
  ];
  const input = { frequency_penalty: 1, temperature: 1, top_p: 1 };
  t.same(applyClamps(input, rules, { model: 'Grok-3-Mini-Fast' }).params, {
    temperature: 1,
    top_p: 1,
  });
  t.same(applyClamps(input, rules, { model: 'claude-3' }).params, {
    frequency_penalty: 1,
    temperature: 0.5,
    top_p: 1,
  });
  t.same(applyClamps(input, rules, { model: 'glm-vision' }).params, { ...input, top_p: 0.5 });
  t.same(applyClamps(input, rules, { model: 'qwen-vl' }).params, { ...input, max_tokens: 1024 });
});

t.test('applyClamps never mutates its input', async (t) => {
  const input = Object.freeze({ temperature: 0.8, max_tokens: 10 });
  const rules: ClampRule[] = [
    { op: 'halve', param: 'temperature' },
    { op: 'rename', param: 'max_tokens', to: 'max_output_tokens' },
    { op: 'default', param: 'top_p', value: 1 },
  ];
  const { params } = applyClamps(input, rules, model);
  t.same(input, { temperature: 0.8, max_tokens: 10 });
  t.same(params, { temperature: 0.4, max_output_tokens: 10, top_p: 1 });
  t.not(params, input);
});

t.test('validateClampRules refuses invalid rules by name', async (t) => {
  const invalid: [string, ClampRule][] = [
    ['exclusive bound with hold', { op: 'range', param: 'top_p', min: 0, minExclusive: true }],
    ['explicit hold', { op: 'range', param: 'top_p', max: 1, maxExclusive: true, outside: 'hold' }],
    ['min above max', { op: 'range', param: 'top_p', min: 2, max: 1 }],
    ['range without bounds', { op: 'range', param: 'top_p' }],
    ['empty when', { op: 'drop', param: 'p', when: {} }],
    ['rename onto itself', { op: 'rename', param: 'p', to: 'p' }],
    ['undefined default', { op: 'default', param: 'p', value: undefined }],
    ['empty param', { op: 'halve', param: '' }],
    ['NaN min', { op: 'halve', param: 'p', min: Number.NaN }],
  ];
  for (const [name, rule] of invalid) {
    t.throws(() => validateClampRules([rule]), /Invalid clamp rule #0/, name);
  }
  t.throws(() => applyClamps({ top_p: 1 }, [invalid[0]![1]], model), /exclusive bounds/);
  t.doesNotThrow(() =>
    validateClampRules([
      { op: 'range', param: 'top_p', min: 0, max: 1, minExclusive: true, outside: 'drop' },
      { op: 'drop', param: 'p', when: { gte: 2 } },
    ]),
  );
});

t.test('describeChanges writes one readable line for the debug log', async (t) => {
  const { changes } = applyClamps(
    { temperature: 0.7, top_p: 0, max_tokens: 5 },
    [
      { op: 'halve', param: 'temperature' },
      { op: 'drop', param: 'top_p', when: { lte: 0 } },
      { op: 'rename', param: 'max_tokens', to: 'max_completion_tokens' },
      { op: 'default', param: 'stream', value: true },
    ],
    model,
  );
  t.equal(
    describeChanges(changes),
    'temperature 0.7 → 0.35 (halve); top_p 0 dropped (drop); ' +
      'max_tokens → max_completion_tokens (rename); stream set to true (default)',
  );
  t.equal(describeChanges([]), '');
});
