import t from 'tap';
import { errorStatus } from '@manifold/core/errors/status';
import { chatEvents, chatRequest, rejection } from '../../wires/openai/runtime-helpers.js';
import {
  AZURE_TEST_KEY,
  azureChunks,
  azureError,
  contentFilterError,
} from '@manifold/provider-kit/fakes/azure';
import { chunk } from '@manifold/provider-kit/fakes/openai-builders';
import { azureAISetup } from './setup.js';

t.test('an unknown model is ModelNotFound (404) naming the deployment, host masked', async (t) => {
  const { runtime } = await azureAISetup(t);
  const error = await rejection(chatEvents(runtime(), chatRequest({ model: 'Phi-5' })));
  t.equal(error?.errorType, 'ModelNotFound');
  t.equal(errorStatus(error.errorType), 404);
  t.equal(error.body.deploymentId, 'Phi-5');
  t.equal(error.body.message, 'Unknown model: Phi-5');
  t.match(error.body.error, { code: 'unknown_model' });
  t.equal(error.body.endpoint, 'http://127.****.****.1:****/models');
});

t.test('a DeploymentNotFound answer maps the same way', async (t) => {
  const { fake, runtime } = await azureAISetup(t);
  fake.reply(
    azureError(404, 'DeploymentNotFound', 'The API deployment for this resource does not exist.'),
  );
  const error = await rejection(chatEvents(runtime(), chatRequest({ model: 'gpt-4o' })));
  t.equal(error?.errorType, 'ModelNotFound');
  t.equal(error.body.deploymentId, 'gpt-4o');
});

t.test('a wrong key is InvalidProviderAPIKey without the key in the body', async (t) => {
  const { runtime } = await azureAISetup(t, { apiKey: 'another-key-0123456789abcdef' });
  const error = await rejection(chatEvents(runtime(), chatRequest({ model: 'Phi-4' })));
  t.equal(error?.errorType, 'InvalidProviderAPIKey');
  t.match(error.body.message, /^Access denied/);
  t.notMatch(JSON.stringify(error.body), AZURE_TEST_KEY);
});

t.test('a content-filter refusal is ProviderBizError with the verdict', async (t) => {
  const { fake, runtime } = await azureAISetup(t);
  fake.reply(contentFilterError('self_harm'));
  const error = await rejection(chatEvents(runtime(), chatRequest({ model: 'DeepSeek-R1' })));
  t.equal(error?.errorType, 'ProviderBizError');
  t.match(error.body.contentFilter, { self_harm: { filtered: true, severity: 'medium' } });
});

t.test('a 429 is QuotaLimitReached', async (t) => {
  const { fake, runtime } = await azureAISetup(t);
  fake.reply(
    azureError(
      429,
      'RateLimitReached',
      'Rate limit of 1000 per 60s exceeded for UserByModelByMinuteTokens.',
    ),
  );
  const error = await rejection(chatEvents(runtime(), chatRequest({ model: 'DeepSeek-R1' })));
  t.equal(error?.errorType, 'QuotaLimitReached');
});

t.test('a non-JSON error page is a ProviderBizError carrying its text', async (t) => {
  const { fake, runtime } = await azureAISetup(t);
  fake.reply({
    kind: 'raw',
    status: 502,
    headers: { 'content-type': 'text/html' },
    body: '<html>Bad Gateway</html>',
  });
  const error = await rejection(chatEvents(runtime(), chatRequest({ model: 'Phi-4' })));
  t.equal(error?.errorType, 'ProviderBizError');
  t.equal(error.body.message, '<html>Bad Gateway</html>');
  fake.reply({ kind: 'raw', status: 503, body: '' });
  const empty = await rejection(chatEvents(runtime(), chatRequest({ model: 'Phi-4' })));
  t.equal(empty?.errorType, 'ProviderBizError');
  t.equal(empty.body.message, 'Azure AI answered HTTP 503');
});

t.test('an unsupported api-version is a ProviderBizError saying so', async (t) => {
  const { runtime } = await azureAISetup(t);
  const error = await rejection(
    chatEvents(runtime({ apiVersion: '2024-10-21' }), chatRequest({ model: 'Phi-4' })),
  );
  t.equal(error?.errorType, 'ProviderBizError');
  t.equal(error.body.message, 'API version not supported');
});

t.test('an error chunk before any content is the first_chunk_error', async (t) => {
  const { fake, runtime } = await azureAISetup(t);
  fake.reply({
    kind: 'chunks',
    chunks: azureChunks([
      { error: { code: 'unknown_model', message: 'Unknown model: x' } },
      chunk({ content: 'never' }),
    ]),
  });
  const events = await chatEvents(runtime(), chatRequest({ model: 'Phi-4' }));
  t.equal(events.length, 1);
  t.match(events[0], { id: 'first_chunk_error', event: 'error', data: { type: 'ModelNotFound' } });
});

t.test('an unreachable endpoint is AgentRuntimeError, host masked', async (t) => {
  const { runtime } = await azureAISetup(t);
  const error = await rejection(
    chatEvents(runtime({ endpoint: 'http://127.0.0.1:9/models' }), chatRequest({ model: 'Phi-4' })),
  );
  t.equal(error?.errorType, 'AgentRuntimeError');
  t.equal(error.body.endpoint, 'http://127.****.****.1:****/models');
  t.equal(error.body.error.code, 'ECONNREFUSED');
});
