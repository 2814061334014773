// Reasoning effort and thinking budget: sent only to models whose card lists them in extendParams.
import t from 'tap';
import type { ModelCard } from '@manifold/core/contract/model-card';
import {
  agentCapabilities,
  buildChatRequest,
} from '../../web/src/features/chat/stores/build-request.js';
import type { UIMessage } from '../../web/src/features/chat/stores/conversations.js';

const history: UIMessage[] = [{ id: '1', role: 'user', content: 'hi' }];
const card = (extendParams: string[]): ModelCard =>
  ({
    id: 'm',
    type: 'chat',
    enabled: true,
    abilities: {},
    source: 'builtin',
    settings: { extendParams },
  }) as ModelCard;

t.test('reasoning_effort is sent only when the card takes it', async (t) => {
  const settings = { reasoningEffort: 'high' as const };
  t.notOk(
    'reasoning_effort' in buildChatRequest({ model: 'm', history, settings, card: card([]) }),
  );
  t.equal(
    buildChatRequest({ model: 'm', history, settings, card: card(['reasoningEffort']) })
      .reasoning_effort,
    'high',
  );
  t.equal(
    buildChatRequest({ model: 'm', history, card: card(['reasoningEffort']) }).reasoning_effort,
    'medium',
    'the default effort is medium',
  );
  const bogus = { reasoningEffort: 'extreme' as unknown as 'high' };
  t.notOk(
    'reasoning_effort' in
      buildChatRequest({ model: 'm', history, settings: bogus, card: card(['reasoningEffort']) }),
    'an effort the contract does not know is not sent',
  );
});

t.test('thinkingBudget is sent only when the card takes it, -1 (dynamic) by default', async (t) => {
  t.notOk('thinkingBudget' in buildChatRequest({ model: 'm', history, card: card([]) }));
  t.equal(
    buildChatRequest({ model: 'm', history, card: card(['thinkingBudget']) }).thinkingBudget,
    -1,
  );
  t.equal(
    buildChatRequest({
      model: 'm',
      history,
      settings: { thinkingBudget: 2048.7 },
      card: card(['thinkingBudget']),
    }).thinkingBudget,
    2048,
  );
  t.equal(
    buildChatRequest({
      model: 'm',
      history,
      settings: { thinkingBudget: -50 },
      card: card(['thinkingBudget']),
    }).thinkingBudget,
    -1,
    'below -1 becomes dynamic',
  );
  t.equal(
    buildChatRequest({
      model: 'm',
      history,
      settings: { thinkingBudget: Number.NaN },
      card: card(['thinkingBudget']),
    }).thinkingBudget,
    -1,
  );
});

t.test('capabilities list the controls the card allows', async (t) => {
  t.same(agentCapabilities(undefined, card(['reasoningEffort', 'thinkingBudget'])), {
    search: false,
    reasoning: false,
    reasoningBudget: false,
    reasoningEffort: true,
    thinkingBudget: true,
    textVerbosity: false,
  });
});

t.test('verbosity is sent only when the card takes textVerbosity, medium by default', async (t) => {
  const settings = { textVerbosity: 'low' as const };
  t.notOk('verbosity' in buildChatRequest({ model: 'm', history, settings, card: card([]) }));
  t.equal(
    buildChatRequest({ model: 'm', history, settings, card: card(['textVerbosity']) }).verbosity,
    'low',
  );
  t.equal(
    buildChatRequest({ model: 'm', history, card: card(['textVerbosity']) }).verbosity,
    'medium',
  );
  const bogus = { textVerbosity: 'verbose' as unknown as 'low' };
  t.notOk(
    'verbosity' in
      buildChatRequest({ model: 'm', history, settings: bogus, card: card(['textVerbosity']) }),
    'a verbosity the contract does not know is not sent',
  );
});

t.test('images of earlier turns are left out for a model without vision', async (t) => {
  const withImage: UIMessage[] = [
    {
      id: '1',
      role: 'user',
      content: 'look',
      imageList: [{ alt: 'a', url: 'data:image/png;base64,AA' }],
    },
    { id: '2', role: 'assistant', content: 'red' },
    { id: '3', role: 'user', content: 'and now?' },
  ];
  const text = { ...card([]), abilities: {} };
  const vision = { ...card([]), abilities: { vision: true } };
  const sent = (c: ModelCard) =>
    buildChatRequest({ model: 'm', history: withImage, card: c }).messages[0] as Record<
      string,
      unknown
    >;
  t.notOk('imageList' in sent(text));
  t.same(sent(vision).imageList, [{ alt: 'a', url: 'data:image/png;base64,AA' }]);
});
