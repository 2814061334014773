import t from 'tap';
import { definition } from '../../../providers/fireworksai/index.js';
import {
  callContext,
  chatEvents,
  chatRequest,
  fakeUpstream,
  lastBody,
  runtimeOptions,
} from '../../wires/openai/runtime-helpers.js';
import type { FakeOpenAI } from '@manifold/provider-kit/fakes/openai';
import { conformance } from './conformance.js';

/** Fireworks' base path is /inference/v1; the fake routes by suffix. */
const fireworks = (fake: FakeOpenAI) =>
  definition.createRuntime(
    runtimeOptions({ baseURL: `${fake.url}/inference/v1` }, { providerId: 'fireworksai' }),
  );

t.test('a chat goes to /inference/v1/chat/completions', async (t) => {
  const fake = await fakeUpstream(t);
  const model = 'accounts/fireworks/models/deepseek-v3p1';
  await chatEvents(fireworks(fake), chatRequest({ model }));
  t.equal(fake.lastRequest()?.path, '/inference/v1/chat/completions');
  t.equal(lastBody(fake).model, model);
});

t.test(
  'the model list reads context_length, supports_tools and supports_image_input',
  async (t) => {
    const fake = await fakeUpstream(t);
    const entry = (id: string, fields: Record<string, unknown>) => ({
      id,
      object: 'model',
      owned_by: 'fireworks',
      created: 1_735_689_600,
      kind: 'HF_BASE_MODEL',
      ...fields,
    });
    fake.reply({
      kind: 'json',
      body: {
        object: 'list',
        data: [
          entry('accounts/fireworks/models/qwen2p5-vl-32b-instruct', {
            supports_chat: true,
            supports_image_input: true,
            supports_tools: false,
            context_length: 128_000,
          }),
          entry('accounts/fireworks/models/deepseek-r1-0528', {
            supports_chat: true,
            supports_image_input: false,
            supports_tools: true,
            context_length: 163_840,
          }),
          entry('accounts/fireworks/models/flux-1-dev-fp8', { supports_chat: false }),
          entry('accounts/fireworks/models/nomic-embed-text-v1p5', { supports_chat: false }),
        ],
      },
    });
    const cards = await fireworks(fake).models!(callContext());

    t.equal(fake.lastRequest()?.path, '/inference/v1/models');
    t.same(
      cards.map((card) => [card.id, card.contextWindowTokens, card.abilities]),
      [
        [
          'accounts/fireworks/models/qwen2p5-vl-32b-instruct',
          128_000,
          { functionCall: false, vision: true },
        ],
        [
          'accounts/fireworks/models/deepseek-r1-0528',
          163_840,
          { functionCall: true, reasoning: true, vision: false },
        ],
      ],
    );
  },
);

void t.test('the conformance kit', conformance);
