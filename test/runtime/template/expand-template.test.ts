import t from 'tap';
import { expandTemplate } from '@manifold/core/template/expand-template';
import {
  TEMPLATE_VARIABLES,
  type TemplateContext,
} from '@manifold/core/template/template-variables';

/** Deterministic random source (mulberry32). */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

const now = new Date('2025-01-15T20:30:45.123Z');
const base: TemplateContext = { now, locale: 'en-US', timeZone: 'Asia/Tokyo', random: seeded(42) };
const expand = (text: string, context: TemplateContext = {}) =>
  expandTemplate(text, { ...base, random: seeded(42), ...context });

t.test('date and time parts follow the time zone', async (t) => {
  t.equal(
    expand('{{year}}-{{month}}-{{day}} {{hour}}:{{minute}}:{{second}}'),
    '2025-01-16 05:30:45',
  );
  t.equal(expand('{{hour}}', { timeZone: 'UTC' }), '20');
  t.equal(expand('{{weekday}}'), 'Thursday');
  t.equal(expand('{{weekday}}', { timeZone: 'UTC' }), 'Wednesday');
  t.equal(expand('{{date}}'), '1/16/2025');
  t.match(expand('{{time}}'), /^5:30:45\sAM$/);
  t.match(expand('{{datetime}}'), /^1\/16\/2025, 5:30:45\sAM$/);
});

t.test('dates use the locale', async (t) => {
  t.equal(expand('{{date}}', { locale: 'zh-CN' }), '2025/1/16');
  t.equal(expand('{{weekday}}', { locale: 'zh-CN' }), '星期四');
  t.equal(expand('{{locale}}', { locale: 'zh-CN' }), 'zh-CN');
});

t.test('timestamp, iso, locale and timezone describe the moment', async (t) => {
  t.equal(expand('{{timestamp}}'), String(now.getTime()));
  t.equal(expand('{{iso}}'), '2025-01-15T20:30:45.123Z');
  t.equal(expand('{{locale}} {{timezone}}'), 'en-US Asia/Tokyo');
});

t.test('an invalid time zone or locale falls back instead of throwing', async (t) => {
  t.doesNotThrow(() => expand('{{date}} {{hour}}', { timeZone: 'Not/AZone' }));
  t.doesNotThrow(() => expand('{{date}}', { locale: 'not a locale!!' }));
});

t.test('user fields expand, and absent ones become empty', async (t) => {
  const user = { email: 'ada@example.com', nickname: 'Ada', username: 'ada' };
  t.equal(expand('{{email}} {{nickname}} {{username}}', { user }), 'ada@example.com Ada ada');
  t.equal(expand('Hi {{nickname}}!'), 'Hi !');
});

t.test('language, platform and user agent come from the context', async (t) => {
  const context = { language: 'de-DE', platform: 'MacIntel', userAgent: 'Mozilla/5.0 Test' };
  t.equal(
    expand('{{language}}|{{platform}}|{{user_agent}}', context),
    'de-DE|MacIntel|Mozilla/5.0 Test',
  );
});

t.test('random variables stay in their ranges and repeat with the same seed', async (t) => {
  const text =
    '{{random}} {{random_int}} {{random_bool}} {{random_float}} {{random_hex}} {{random_string}} {{random_digit}}';
  const first = expand(text);
  t.equal(expand(text), first, 'same seed, same output');
  const [random, randomInt, bool, float, hex, string, digit] = first.split(' ');
  t.ok(Number(random) >= 1 && Number(random) <= 100, `random ${random} in 1–100`);
  t.ok(Number(randomInt) >= 1 && Number(randomInt) <= 1_000_000, `random_int ${randomInt}`);
  t.match(bool, /^(true|false)$/);
  t.match(float, /^\d{1,2}\.\d{2}$/);
  t.match(hex, /^[0-9a-f]{6}$/);
  t.match(string, /^[0-9a-z]{8}$/);
  t.match(digit, /^\d$/);
});

t.test('random bounds hold at the edges of the random source', async (t) => {
  t.equal(expand('{{random}} {{random_int}} {{random_float}}', { random: () => 0 }), '1 1 0.00');
  t.equal(
    expand('{{random}} {{random_int}} {{random_float}} {{random_digit}}', { random: () => 1 }),
    '100 1000000 99.99 9',
  );
});

t.test('uuid is a v4 uuid and uuid_short its first 8 characters', async (t) => {
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
  t.match(expand('{{uuid}}'), uuid, 'seeded uuid');
  t.equal(expand('{{uuid}}'), expand('{{uuid}}'), 'seeded uuid repeats');
  t.match(expandTemplate('{{uuid}}', { now }), uuid, 'crypto uuid');
  t.match(expand('{{uuid_short}}'), /^[0-9a-f]{8}$/);
});

t.test('each occurrence draws a new random value', async (t) => {
  const values = expand('{{random_int}} {{random_int}} {{random_int}}').split(' ');
  t.equal(new Set(values).size, 3);
});

t.test('unknown variables and text without variables are left as written', async (t) => {
  t.equal(expand('Hello {{unknown}} and {{ year }}'), 'Hello {{unknown}} and 2025');
  t.equal(expand('no variables here'), 'no variables here');
  t.equal(expand('{{}} {{ }} {single}'), '{{}} {{ }} {single}');
});

t.test('extra variables expand, may be functions, and win over built-ins', async (t) => {
  const extra = { project: 'Manifold', counter: () => 'seven', year: 'custom' };
  t.equal(expand('{{project}} {{counter}} {{year}}', { extra }), 'Manifold seven custom');
});

t.test('a failing extra variable is left as written', async (t) => {
  const extra = {
    broken: () => {
      throw new Error('nope');
    },
  };
  t.equal(expand('a {{broken}} b', { extra }), 'a {{broken}} b');
});

t.test('a value holding a variable is expanded in a second pass, never a third', async (t) => {
  const extra = {
    greeting: 'Hello {{nickname}}',
    first: '{{second}}',
    second: '{{third}}',
    third: 'deep',
  };
  t.equal(expand('{{greeting}}', { extra, user: { nickname: 'Ada' } }), 'Hello Ada');
  t.equal(expand('{{first}}', { extra }), '{{third}}', 'the third level stays unexpanded');
});

t.test('TEMPLATE_VARIABLES lists every built-in variable once, each expanding', async (t) => {
  const names = TEMPLATE_VARIABLES.map((variable) => variable.name);
  t.equal(new Set(names).size, names.length, 'no duplicates');
  t.equal(names.length, 29);
  const context = {
    user: { email: 'e', nickname: 'n', username: 'u' },
    language: 'l',
    platform: 'p',
    userAgent: 'a',
  };
  for (const variable of TEMPLATE_VARIABLES) {
    t.ok(variable.description.length > 0, `${variable.name} has a description`);
    t.not(
      expand(`{{${variable.name}}}`, context),
      `{{${variable.name}}}`,
      `${variable.name} expands`,
    );
  }
});
