import t from 'tap';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Compile } from 'typebox/compile';
import { CONTRACT_SCHEMAS, jsonSchemaDocument } from '@manifold/core/contract/schemas';
import { ROOT } from '../../helpers/paths.js';

const dir = join(ROOT, 'manifests');

t.test(
  'every JSON Schema in manifests/ equals a fresh build from the TypeBox sources',
  async (t) => {
    for (const [name, schema] of Object.entries(CONTRACT_SCHEMAS)) {
      t.equal(
        readFileSync(join(dir, `${name}.schema.json`), 'utf8'),
        jsonSchemaDocument(name, schema),
        `${name}.schema.json is up to date (run npm run manifests)`,
      );
    }
    t.same(
      readdirSync(dir)
        .filter((file) => file.endsWith('.schema.json'))
        .sort(),
      Object.keys(CONTRACT_SCHEMAS)
        .map((name) => `${name}.schema.json`)
        .sort(),
      'no stale schema files',
    );
  },
);

t.test('the schemas CONTRACT §6 names are all published', async (t) => {
  for (const name of [
    'provider-manifest',
    'model-card',
    'chat-request',
    'tool-manifest',
    'stream-event',
  ]) {
    t.ok(CONTRACT_SCHEMAS[name], name);
  }
});

t.test('the chat request schema accepts a full request and refuses a bad one', async (t) => {
  const check = Compile(CONTRACT_SCHEMAS['chat-request']!);
  t.ok(
    check.Check({
      model: 'gpt-4o',
      messages: [
        { role: 'system', content: 'be brief' },
        { role: 'user', content: 'look', imageList: [{ url: 'https://x/y.png', alt: 'y' }] },
        {
          role: 'assistant',
          content: '',
          tools: [{ id: 'c1', identifier: 'w', apiName: 'get', type: 'default', arguments: '{}' }],
        },
        {
          role: 'tool',
          content: '{"ok":1}',
          tool_call_id: 'c1',
          plugin: { identifier: 'w', apiName: 'get', type: 'default' },
        },
      ],
      temperature: 0.7,
      thinking: { type: 'enabled', budget_tokens: 1024 },
      enabledSearch: true,
      apiMode: 'responses',
    }),
  );
  t.notOk(
    check.Check({ model: 'x', messages: [{ role: 'user', content: 'x' }], temperature: 2.5 }),
    'temperature above 2',
  );
  t.notOk(check.Check({ model: '', messages: [{ role: 'user', content: 'x' }] }), 'empty model');
});

t.test('the stream event schema accepts each kind with its payload', async (t) => {
  const check = Compile(CONTRACT_SCHEMAS['stream-event']!);
  const good = [
    { id: 'a', event: 'text', data: 'hi' },
    {
      id: 'a',
      event: 'tool_calls',
      data: [{ index: 0, id: 'c', type: 'function', function: { name: 'f', arguments: '' } }],
    },
    { id: 'a', event: 'grounding', data: { citations: [{ title: 't', url: 'https://u' }] } },
    { id: 'a', event: 'usage', data: { totalTokens: 3 } },
    { id: 'output_speed', event: 'speed', data: { ttft: 12, tps: 40.5 } },
    { id: 'a', event: 'stop', data: 'stop' },
    {
      id: 'first_chunk_error',
      event: 'error',
      data: { type: 'StreamChunkError', message: 'm', body: {} },
    },
  ];
  for (const event of good) t.ok(check.Check(event), event.event);
  t.notOk(check.Check({ id: 'a', event: 'text', data: 1 }), 'text must be a string');
  t.notOk(check.Check({ id: 'a', event: 'unknown', data: '' }), 'unknown kinds are refused');
});
