import t from 'tap';
import { callContext, rejection } from '../../wires/openai/runtime-helpers.js';
import { bedrockError } from '@manifold/provider-kit/fakes/bedrock';
import { bedrockRuntime, fakeBedrock, TITAN } from './helpers.js';

t.test('a single input without dimensions gets the default-size vector', async (t) => {
  const fake = await fakeBedrock(t);
  const vectors = await bedrockRuntime(fake).embeddings!(
    { model: TITAN, input: 'hello' },
    callContext(),
  );
  t.equal(vectors.length, 1);
  t.equal(vectors[0]?.length, 1024);
  t.same(fake.lastRequest()?.body, { inputText: 'hello', normalize: true });
});

t.test('Titan V1 takes only inputText', async (t) => {
  const fake = await fakeBedrock(t);
  await bedrockRuntime(fake).embeddings!(
    { model: 'amazon.titan-embed-text-v1', input: ['one'], dimensions: 512 },
    callContext(),
  );
  t.same(fake.lastRequest()?.body, { inputText: 'one' });
});

t.test('a refused embedding call is the mapped error', async (t) => {
  const fake = await fakeBedrock(t);
  fake.reply(
    bedrockError(
      400,
      'ValidationException',
      'Malformed input request: dimensions must be 256, 512 or 1024',
    ),
  );
  const error = await rejection(
    bedrockRuntime(fake).embeddings!({ model: TITAN, input: 'x', dimensions: 300 }, callContext()),
  );
  t.equal(error?.errorType, 'ProviderBizError');
  t.match(error?.body, { provider: 'bedrock', region: 'us-east-1', message: /dimensions must be/ });
});

t.test('an answer without an embedding is a ProviderBizError', async (t) => {
  const fake = await fakeBedrock(t);
  fake.reply({ kind: 'json', body: { inputTextTokenCount: 1 } });
  const error = await rejection(
    bedrockRuntime(fake).embeddings!({ model: TITAN, input: 'x' }, callContext()),
  );
  t.equal(error?.errorType, 'ProviderBizError');
  t.match(error?.body.message, /without an embedding/);
});
