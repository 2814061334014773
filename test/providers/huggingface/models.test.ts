import t from 'tap';
import type { ModelCard } from '@manifold/core/contract/model-card';
import { hubBase, modelListURL } from '../../../providers/huggingface/models.js';
import { callContext, rejection } from '../../wires/openai/runtime-helpers.js';
import { stringError } from '@manifold/provider-kit/fakes/huggingface';
import { fakeHuggingFace, huggingFaceRuntime } from './helpers.js';

const byId = (cards: ModelCard[], id: string) => cards.find((card) => card.id === id);

t.test('the Hub list gives chat cards with abilities from tags, built-ins preferred', async (t) => {
  const fake = await fakeHuggingFace(t);
  const cards = await huggingFaceRuntime(fake).models!(callContext());
  const request = fake.lastRequest()!;
  t.equal(request.path, '/api/models');
  t.same(Object.fromEntries(request.query), {
    pipeline_tag: 'text-generation',
    inference_provider: 'all',
    sort: 'downloads',
    limit: '200',
  });
  t.equal(request.headers.authorization, undefined, 'the public list is read without the token');
  t.same(
    cards.map((card) => card.id),
    [
      'meta-llama/Llama-3.3-70B-Instruct',
      'deepseek-ai/DeepSeek-R1',
      'Qwen/Qwen3-4B-Instruct-2507',
      'NousResearch/Hermes-3-Llama-3.1-8B',
      'zai-org/GLM-4.5V',
    ],
    'base models (no conversational tag) and embedding ids are left out',
  );
  t.ok(cards.every((card) => card.source === 'remote'));
  t.same(byId(cards, 'NousResearch/Hermes-3-Llama-3.1-8B'), {
    id: 'NousResearch/Hermes-3-Llama-3.1-8B',
    displayName: 'Hermes-3-Llama-3.1-8B',
    type: 'chat',
    enabled: false,
    abilities: { functionCall: true, reasoning: false, vision: false },
    source: 'remote',
  });
  t.match(byId(cards, 'zai-org/GLM-4.5V')?.abilities, { vision: true, reasoning: true });
  t.match(byId(cards, 'Qwen/Qwen3-4B-Instruct-2507')?.abilities, { reasoning: true });
  t.match(byId(cards, 'meta-llama/Llama-3.3-70B-Instruct'), {
    displayName: 'Llama 3.3 70B Instruct',
    contextWindowTokens: 131_072,
    enabled: true,
  });
});

t.test(
  'the Hub base defaults to huggingface.co and HUGGINGFACE_HUB_URL overrides it',
  async (t) => {
    t.equal(
      modelListURL(hubBase({})),
      'https://huggingface.co/api/models?pipeline_tag=text-generation&inference_provider=all&sort=downloads&limit=200',
    );
    t.equal(
      hubBase({ HUGGINGFACE_HUB_URL: 'https://hf-mirror.example/' }),
      'https://hf-mirror.example',
    );
  },
);

t.test('a Hub failure maps to the catalogue', async (t) => {
  const fake = await fakeHuggingFace(t);
  fake.reply({ kind: 'json', status: 429, body: stringError('Too many requests') });
  const limited = await rejection(huggingFaceRuntime(fake).models!(callContext()));
  t.equal(limited?.errorType, 'QuotaLimitReached');
  fake.reply({ kind: 'json', body: { models: [] } });
  const odd = await rejection(huggingFaceRuntime(fake).models!(callContext()));
  t.equal(odd?.errorType, 'ProviderBizError');
});
