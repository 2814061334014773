import t from 'tap';
import { authHeader, startGateway } from '../../helpers/gateway.js';
import { fakeUpstream } from '../../wires/openai/runtime-helpers.js';
import { openaiError } from '@manifold/provider-kit/fakes/openai-errors';

const KEY = 'sk-server-0123456789abcdefghijkl';

async function gateway(t: Parameters<typeof fakeUpstream>[0]) {
  const fake = await fakeUpstream(t);
  const { url } = await startGateway(t as never, {
    OPENAI_PROXY_URL: fake.baseURL,
    OPENAI_API_KEY: KEY,
  });
  const embed = async (body: unknown) => {
    const response = await fetch(`${url}/webapi/embeddings/openai`, {
      method: 'POST',
      headers: await authHeader({}),
      body: JSON.stringify(body),
    });
    return { status: response.status, json: await response.json() };
  };
  return { fake, embed };
}

t.test(
  'POST /webapi/embeddings/openai returns one vector per input with the dimensions asked',
  async (t) => {
    const { fake, embed } = await gateway(t);
    const { status, json } = await embed({
      model: 'text-embedding-3-small',
      input: ['first', 'second'],
      dimensions: 4,
    });
    t.equal(status, 200);
    t.equal(json.embeddings.length, 2);
    t.ok(
      json.embeddings.every(
        (vector: unknown[]) => vector.length === 4 && vector.every((n) => typeof n === 'number'),
      ),
    );
    t.same(fake.lastRequest()?.body, {
      model: 'text-embedding-3-small',
      input: ['first', 'second'],
      dimensions: 4,
      encoding_format: 'float',
    });
    t.equal(fake.lastRequest()?.headers.authorization, `Bearer ${KEY}`);
  },
);

t.test('an upstream refusal of an embeddings call keeps its status mapping', async (t) => {
  const { fake, embed } = await gateway(t);
  fake.reply(openaiError(401, 'invalid_api_key'));
  const { status, json } = await embed({ model: 'text-embedding-3-small', input: 'x' });
  t.equal(status, 401);
  t.equal(json.errorType, 'InvalidProviderAPIKey');
  t.equal(json.body.provider, 'openai');
});

t.test('an embeddings body of the wrong shape is a 400 naming the field', async (t) => {
  const { fake, embed } = await gateway(t);
  const { status, json } = await embed({ model: 'text-embedding-3-small', input: [1, 2] });
  t.equal(status, 400);
  t.equal(json.errorType, 'BadRequest');
  t.match(json.body.field, /input/);
  t.equal(fake.requests.length, 0);
});
