import t, { type Test } from 'tap';
import {
  AZURE_TEST_KEY,
  startFakeAzure,
  type FakeAzureOptions,
} from '@manifold/provider-kit/fakes/azure';

async function fake(t: Test, options: FakeAzureOptions = {}) {
  const azure = await startFakeAzure(options);
  t.teardown(() => azure.close());
  const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${azure.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'api-key': AZURE_TEST_KEY, ...headers },
      body: JSON.stringify(body),
    });
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      text: await response.text(),
    };
  };
  return { azure, post };
}

const chatPath = (deployment: string, version = '2024-10-21') =>
  `/openai/deployments/${deployment}/chat/completions?api-version=${version}`;
const ask = { messages: [{ role: 'user', content: 'Hi' }] };

t.test('a request without api-version is 404 Resource not found', async (t) => {
  const { post } = await fake(t);
  const answer = await post('/openai/deployments/gpt-4o/chat/completions', ask);
  t.equal(answer.status, 404);
  t.same(JSON.parse(answer.text), { error: { code: '404', message: 'Resource not found' } });
});

t.test('an unknown api-version is 400 API version not supported', async (t) => {
  const { post } = await fake(t);
  const answer = await post(chatPath('gpt-4o', '2099-01-01'), ask);
  t.equal(answer.status, 400);
  t.same(JSON.parse(answer.text), {
    error: { code: 'BadRequest', message: 'API version not supported' },
  });
});

t.test('a wrong or missing api-key is 401 Access denied', async (t) => {
  const { post } = await fake(t);
  for (const headers of [{ 'api-key': 'wrong' }, { 'api-key': '' }]) {
    const answer = await post(chatPath('gpt-4o'), ask, headers);
    t.equal(answer.status, 401);
    t.match(JSON.parse(answer.text), {
      error: { code: '401', message: /^Access denied due to invalid subscription key/ },
    });
  }
});

t.test(
  'a deployment the resource lacks is 404 DeploymentNotFound; queued scenarios wait',
  async (t) => {
    const { azure, post } = await fake(t);
    azure.reply({ kind: 'json', body: { queued: true } });
    const answer = await post(chatPath('gpt-99'), ask);
    t.equal(answer.status, 404);
    t.match(JSON.parse(answer.text), {
      error: {
        code: 'DeploymentNotFound',
        message: /^The API deployment for this resource does not exist/,
      },
    });
    t.equal(azure.lastRequest()?.deployment, 'gpt-99');
    const accepted = await post(chatPath('gpt-4o'), ask);
    t.same(
      JSON.parse(accepted.text),
      { queued: true },
      'the queued answer went to the accepted request',
    );
  },
);

t.test(
  'the default stream has Azure prompt and content filter results and ends with [DONE]',
  async (t) => {
    const { post } = await fake(t);
    const answer = await post(chatPath('gpt-4o'), {
      ...ask,
      stream: true,
      stream_options: { include_usage: true },
    });
    t.match(answer.type, /^text\/event-stream/);
    const datas = answer.text
      .split('\n\n')
      .filter(Boolean)
      .map((frame) => frame.replace(/^data: /, ''));
    t.equal(datas.at(-1), '[DONE]');
    const chunks = datas.slice(0, -1).map((data) => JSON.parse(data));
    t.match(chunks[0], { id: '', choices: [], prompt_filter_results: [{ prompt_index: 0 }] });
    t.match(chunks[1], {
      choices: [
        { delta: { content: 'Hello' }, content_filter_results: { hate: { filtered: false } } },
      ],
    });
    t.match(chunks.at(-1), { choices: [], usage: { prompt_tokens: 12, completion_tokens: 3 } });
  },
);

t.test(
  'the inference flavour takes the deployment from the body and accepts a Bearer key',
  async (t) => {
    const { azure, post } = await fake(t, { flavor: 'inference' });
    const path = '/models/chat/completions?api-version=2024-05-01-preview';
    const ok = await post(
      path,
      { ...ask, model: 'DeepSeek-R1' },
      { 'api-key': '', authorization: `Bearer ${AZURE_TEST_KEY}` },
    );
    t.equal(ok.status, 200);
    t.equal(azure.lastRequest()?.deployment, 'DeepSeek-R1');
    const unknown = await post(path, { ...ask, model: 'nope' });
    t.equal(unknown.status, 404);
    t.same(JSON.parse(unknown.text), {
      error: {
        code: 'unknown_model',
        message: 'Unknown model: nope',
        details: 'Unknown model: nope',
      },
    });
    const preview = await post('/models/chat/completions?api-version=2024-10-21', {
      ...ask,
      model: 'Phi-4',
    });
    t.equal(preview.status, 400, 'Azure OpenAI versions are not inference versions');
  },
);
