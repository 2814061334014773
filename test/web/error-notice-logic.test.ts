// What the error notice, the Ollama pull and the model editor work from (issue 13): the cause the
// gateway sent, the fixes per error type, pull progress states, and model edits.
import t from 'tap';
import type { ProviderManifest } from '@manifold/core/contract/provider-manifest';
import {
  ChatFetchError,
  errorCause,
  errorFix,
  messageErrorOf,
  streamErrorOf,
} from '../../web/src/lib/api-error.js';
import { nextPullState } from '../../web/src/features/providers/stores/pull.js';
import {
  addCustomModel,
  findModelCard,
  formatPricing,
  formatTokens,
  isModelEdited,
  modelEditOf,
  resetModelEdit,
  saveModelEdit,
} from '../../web/src/features/providers/stores/models.js';
import { $providerSettings } from '../../web/src/features/providers/stores/provider-settings.js';
import { $providers } from '../../web/src/features/providers/stores/providers.js';

t.test(
  'the cause: the gateway body kept, its message, code, endpoint, reason, field',
  async (t) => {
    const refused = messageErrorOf(
      new ChatFetchError('ProviderBizError', 500, {
        provider: 'openai',
        endpoint: 'http://127.****.****.1:****/v1',
        error: { message: 'Connection error.', code: 'ECONNREFUSED' },
      }),
    );
    t.equal(refused.errorType, 'ProviderBizError');
    t.equal(refused.status, 500);
    t.same(errorCause(refused), {
      message: 'Connection error.',
      code: 'ECONNREFUSED',
      endpoint: 'http://127.****.****.1:****/v1',
    });
    t.same(errorFix(refused), ['baseURL'], 'a refused connection: the address');

    const invalidURL = streamErrorOf({
      type: 'BadRequest',
      body: { message: 'baseURL is not a valid URL', field: 'baseURL' },
    });
    t.same(errorCause(invalidURL), { message: 'baseURL is not a valid URL', field: 'baseURL' });
    t.same(errorFix(invalidURL), ['baseURL']);

    t.same(streamErrorOf(undefined), { errorType: 'UnknownChatFetchError' }, 'nothing sent');
    t.equal(errorCause({ errorType: 'ProviderBizError' }), undefined, 'no cause, none shown');
    t.equal(
      errorCause({ errorType: 'ProviderBizError', message: 'ProviderBizError' }),
      undefined,
      'the type repeated is no cause',
    );
  },
);

t.test('the fixes per type: key, access code, local service, quota', async (t) => {
  t.same(errorFix({ errorType: 'InvalidProviderAPIKey' }), ['key']);
  t.same(errorFix({ errorType: 'InvalidAccessCode' }), ['accessCode', 'key']);
  t.same(errorFix({ errorType: 'OllamaServiceUnavailable' }), ['localService', 'baseURL']);
  t.same(errorFix({ errorType: 'QuotaLimitReached' }), ['quota']);
  t.same(errorFix({ errorType: 'ProviderBizError', status: 429 }), ['quota']);
  t.same(errorFix({ errorType: 'ProviderBizError', status: 500 }), [], 'Retry only');
});

t.test('pull progress: percent of the layer, done, cancelled, error', async (t) => {
  let state = nextPullState('m', { status: 'pulling manifest' });
  t.same(state, { state: 'pulling', model: 'm', status: 'pulling manifest' });
  state = nextPullState('m', { status: 'pulling abc', total: 200, completed: 50 }, state);
  t.equal(state.state === 'pulling' && state.percent, 25);
  state = nextPullState('m', { status: 'pulling abc' }, state);
  t.equal(state.state === 'pulling' && state.percent, 25, 'the same layer keeps its numbers');
  t.same(nextPullState('m', { status: 'success' }, state), { state: 'done', model: 'm' });
  t.same(nextPullState('m', { status: 'cancelled' }, state), { state: 'cancelled', model: 'm' });
  const failed = nextPullState('m', { status: 'error', message: 'pull model manifest: not found' });
  t.equal(failed.state, 'error');
  t.equal(failed.state === 'error' && failed.error.message, 'pull model manifest: not found');
});

t.test('model editor: edits over a built-in card, reset, duplicates refused', async (t) => {
  $providers.set([
    {
      id: 'p',
      name: 'P',
      sort: 0,
      enabled: true,
      models: [
        {
          id: 'base',
          type: 'chat',
          enabled: true,
          abilities: { vision: true },
          source: 'builtin',
          displayName: 'Base',
          contextWindowTokens: 8000,
        },
      ],
    } as unknown as ProviderManifest,
  ]);
  $providerSettings.set({});
  t.same(
    modelEditOf({
      displayName: '  Renamed ',
      contextWindowTokens: 128_000.7,
      maxOutput: -1,
      abilities: { reasoning: true },
      pricing: { input: 0.5, currency: 'CNY' },
    }),
    {
      abilities: { reasoning: true },
      displayName: 'Renamed',
      contextWindowTokens: 128_000,
      pricing: { input: 0.5, currency: 'CNY' },
    },
    'trimmed, whole positive counts, prices kept',
  );
  t.ok(saveModelEdit('p', 'base', { displayName: 'Mine', abilities: { functionCall: true } }));
  t.equal(findModelCard('p', 'base')?.displayName, 'Mine');
  t.equal(findModelCard('p', 'base')?.source, 'builtin', 'still the built-in card');
  t.same(findModelCard('p', 'base')?.abilities, { functionCall: true });
  t.equal(findModelCard('p', 'base')?.contextWindowTokens, undefined, 'cleared when left empty');
  t.ok(isModelEdited('p', 'base'));
  resetModelEdit('p', 'base');
  t.equal(findModelCard('p', 'base')?.displayName, 'Base', 'the provider’s card again');
  t.notOk(saveModelEdit('p', 'nope', { abilities: {} }), 'no card, nothing saved');
  t.equal(addCustomModel('p', { id: ' base ' }), 'duplicate', 'a built-in id is taken');
  t.equal(findModelCard('p', 'base')?.source, 'builtin', 'and not replaced');
});

t.test('badges: tokens and prices', async (t) => {
  t.equal(formatTokens(128_000), '128K');
  t.equal(formatTokens(1_000_000), '1M');
  t.equal(formatTokens(1500), '1.5K');
  t.equal(formatPricing({ input: 2.5, output: 10 }), '$2.5 / $10');
  t.equal(formatPricing({ input: 0, output: 0 }), 'free');
  t.equal(formatPricing({ input: 16, currency: 'CNY' }), '¥16 / –');
  t.equal(formatPricing(undefined), undefined);
});
