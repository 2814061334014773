import t from 'tap';
import { UpstreamErrorPayload } from '@manifold/wire-openai/errors';
import { errorStatus } from '@manifold/core/errors/status';
import { createAzureErrorMapper } from '../../../providers/azure/errors.js';
import {
  chatEvents,
  chatRequest,
  recordingLogger,
  rejection,
} from '../../wires/openai/runtime-helpers.js';
import {
  AZURE_TEST_KEY,
  azureChunks,
  azureError,
  contentFilterError,
} from '@manifold/provider-kit/fakes/azure';
import { chunk } from '@manifold/provider-kit/fakes/openai-builders';
import { azureSetup } from './setup.js';

t.test(
  'a missing deployment is ModelNotFound (404) naming the deployment, host masked',
  async (t) => {
    const { fake, runtime } = await azureSetup(t, { deployments: ['gpt-4o'] });
    const error = await rejection(chatEvents(runtime(), chatRequest({ model: 'gpt-4.1' })));
    t.equal(fake.lastRequest()?.path, '/openai/deployments/gpt-4.1/chat/completions');
    t.equal(error?.errorType, 'ModelNotFound');
    t.equal(errorStatus(error.errorType), 404);
    t.equal(error.body.deploymentId, 'gpt-4.1');
    t.equal(error.body.provider, 'azure');
    t.match(error.body.error, { code: 'DeploymentNotFound' });
    t.match(error.body.message, /^The API deployment for this resource does not exist/);
    t.equal(error.body.endpoint, 'http://127.****.****.1:****', 'the endpoint host is masked');
  },
);

t.test('the deployment from the model list is the one named in the error', async (t) => {
  const { runtime } = await azureSetup(t, { deployments: ['gpt-4o'] });
  const models = [
    {
      id: 'gpt-4o-mini',
      type: 'chat' as const,
      enabled: true,
      abilities: {},
      source: 'custom' as const,
      config: { deploymentName: 'mini-prod' },
    },
  ];
  const error = await rejection(
    chatEvents(runtime({ models }), chatRequest({ model: 'gpt-4o-mini' })),
  );
  t.equal(error?.body.deploymentId, 'mini-prod');
});

t.test('a wrong key is InvalidProviderAPIKey and the key never reaches the body', async (t) => {
  const { runtime } = await azureSetup(t, { apiKey: 'the-real-key-0123456789' });
  const error = await rejection(chatEvents(runtime(), chatRequest({ model: 'gpt-4o' })));
  t.equal(error?.errorType, 'InvalidProviderAPIKey');
  t.match(error.body.message, /^Access denied due to invalid subscription key/);
  t.notMatch(JSON.stringify(error.body), AZURE_TEST_KEY);
});

t.test('a key echoed back by the upstream is redacted', async (t) => {
  const { fake, runtime } = await azureSetup(t);
  fake.reply(azureError(400, 'BadRequest', `Bad key ${AZURE_TEST_KEY} in request`));
  const error = await rejection(chatEvents(runtime(), chatRequest({ model: 'gpt-4o' })));
  t.equal(error?.errorType, 'ProviderBizError');
  t.notMatch(JSON.stringify(error.body), AZURE_TEST_KEY);
});

t.test('a content-filter refusal is ProviderBizError with the filter verdict', async (t) => {
  const { fake, runtime } = await azureSetup(t);
  fake.reply(contentFilterError('violence'));
  const error = await rejection(chatEvents(runtime(), chatRequest({ model: 'gpt-4o' })));
  t.equal(error?.errorType, 'ProviderBizError');
  t.match(error.body.contentFilter, {
    violence: { filtered: true, severity: 'medium' },
    hate: { filtered: false, severity: 'safe' },
  });
  t.match(error.body.error, {
    code: 'content_filter',
    innererror: { code: 'ResponsibleAIPolicyViolation' },
  });
  t.match(error.body.message, /content management policy/);
});

t.test('an unsupported api-version is a ProviderBizError saying so', async (t) => {
  const { runtime } = await azureSetup(t);
  const error = await rejection(
    chatEvents(runtime({ apiVersion: '2023-01-01' }), chatRequest({ model: 'gpt-4o' })),
  );
  t.equal(error?.errorType, 'ProviderBizError');
  t.equal(error.body.message, 'API version not supported');
});

t.test(
  'a 429 is QuotaLimitReached; context_length_exceeded is ExceededContextWindow',
  async (t) => {
    const { fake, runtime } = await azureSetup(t);
    const azure = runtime();
    fake.reply(
      azureError(
        429,
        '429',
        'Requests to the ChatCompletions_Create Operation under Azure OpenAI API version 2024-10-21 have exceeded token rate limit of your current OpenAI S0 pricing tier.',
      ),
    );
    t.equal(
      (await rejection(chatEvents(azure, chatRequest({ model: 'gpt-4o' }))))?.errorType,
      'QuotaLimitReached',
    );
    fake.reply(azureError(400, 'context_length_exceeded', "This model's maximum context length…"));
    t.equal(
      (await rejection(chatEvents(azure, chatRequest({ model: 'gpt-4o' }))))?.errorType,
      'ExceededContextWindow',
    );
  },
);

t.test('an error chunk mid-stream becomes one error event', async (t) => {
  const { fake, runtime } = await azureSetup(t);
  fake.reply({
    kind: 'chunks',
    chunks: azureChunks([
      chunk({ content: 'Hi' }, { id: 'chatcmpl-x' }),
      { error: { code: 'content_filter', message: 'The response was filtered', status: 400 } },
    ]),
  });
  const events = await chatEvents(runtime(), chatRequest({ model: 'gpt-4o' }));
  t.same(
    events.map((event) => event.event),
    ['text', 'error'],
  );
  t.match(events[1]?.data, { type: 'ProviderBizError', body: { provider: 'azure' } });
});

t.test('an unreachable endpoint is AgentRuntimeError with the cause code only', async (t) => {
  const { runtime } = await azureSetup(t);
  const error = await rejection(
    chatEvents(runtime({ endpoint: 'http://127.0.0.1:9' }), chatRequest({ model: 'gpt-4o' })),
  );
  t.equal(error?.errorType, 'AgentRuntimeError');
  t.equal(error.body.endpoint, 'http://127.****.****.1:****');
});

t.test('embeddings against a missing deployment name it too', async (t) => {
  const { runtime } = await azureSetup(t);
  const error = await rejection(
    runtime().embeddings!(
      { model: 'text-embedding-3-large', input: 'hi' },
      { signal: new AbortController().signal, startedAt: Date.now() },
    ),
  );
  t.equal(error?.errorType, 'ModelNotFound');
  t.equal(error.body.deploymentId, 'text-embedding-3-large');
});

t.test(
  'a real Azure endpoint is masked on the resource name, even without customBaseURL',
  async (t) => {
    const mapError = createAzureErrorMapper({
      provider: 'azure',
      endpoint: 'https://contoso-prod.openai.azure.com',
      apiKey: AZURE_TEST_KEY,
      logger: recordingLogger(),
      deployment: 'gpt-4o',
    });
    const error = mapError(
      new UpstreamErrorPayload({ code: 'DeploymentNotFound', message: 'no such deployment' }),
    );
    t.equal(error.errorType, 'ModelNotFound');
    t.equal(error.body.endpoint, 'https://co****od.openai.azure.com');
    t.equal(error.body.deploymentId, 'gpt-4o');
  },
);
