import t from 'tap';
import type { ChatRequest } from '@manifold/core/contract/chat-request';
import {
  isThinkingModel,
  requestedBudget,
  resolveThinking,
  thinkingFamily,
} from '@manifold/wire-google/thinking';

const request = (extra: Partial<ChatRequest> = {}): ChatRequest => ({
  model: 'x',
  messages: [{ role: 'user', content: 'Hi' }],
  ...extra,
});

const budgetFor = (model: string, extra: Partial<ChatRequest>) =>
  resolveThinking(model, request(extra)).config?.thinkingBudget;

t.test(
  'the budget comes from thinkingBudget, else from an enabled or disabled thinking',
  async (t) => {
    t.equal(requestedBudget(request({ thinkingBudget: 2048 })), 2048);
    t.equal(
      requestedBudget(
        request({ thinkingBudget: 300, thinking: { type: 'enabled', budget_tokens: 9000 } }),
      ),
      300,
      'thinkingBudget wins',
    );
    t.equal(requestedBudget(request({ thinking: { type: 'enabled', budget_tokens: 9000 } })), 9000);
    t.equal(
      requestedBudget(request({ thinking: { type: 'enabled' } })),
      1024,
      'enabled defaults to 1024',
    );
    t.equal(requestedBudget(request({ thinking: { type: 'disabled' } })), 0);
    t.equal(requestedBudget(request()), undefined);
  },
);

t.test('pro budgets are held in 128–32768, and -1 passes', async (t) => {
  const model = 'gemini-2.5-pro';
  t.equal(thinkingFamily(model).name, 'pro');
  t.equal(budgetFor(model, { thinkingBudget: 50 }), 128);
  t.equal(budgetFor(model, { thinkingBudget: 4096 }), 4096);
  t.equal(budgetFor(model, { thinkingBudget: 100_000 }), 32_768);
  t.equal(budgetFor(model, { thinkingBudget: -1 }), -1);
  t.equal(
    budgetFor(model, { thinking: { type: 'disabled' } }),
    128,
    'pro cannot turn thinking off',
  );
  t.equal(budgetFor(model, {}), -1, 'dynamic by default');
});

t.test('flash-lite budgets are 0, -1 or held in 512–24576', async (t) => {
  const model = 'gemini-2.5-flash-lite';
  t.equal(thinkingFamily(model).name, 'flash-lite');
  t.equal(budgetFor(model, { thinkingBudget: 0 }), 0);
  t.equal(budgetFor(model, { thinkingBudget: -1 }), -1);
  t.equal(budgetFor(model, { thinkingBudget: 100 }), 512);
  t.equal(budgetFor(model, { thinkingBudget: 30_000 }), 24_576);
  t.equal(budgetFor(model, { thinking: { type: 'disabled' } }), 0);
  t.equal(budgetFor(model, {}), undefined, 'no default: flash-lite does not think unless asked');
  t.same(resolveThinking(model, request()).config, { includeThoughts: true });
});

t.test('other 2.5 flash budgets are capped at 24576, 0 turns thinking off', async (t) => {
  const model = 'gemini-2.5-flash';
  t.equal(thinkingFamily(model).name, 'flash');
  t.equal(budgetFor(model, { thinkingBudget: 30_000 }), 24_576);
  t.equal(budgetFor(model, { thinkingBudget: 700 }), 700);
  t.equal(budgetFor(model, {}), -1, 'dynamic by default');
  t.same(
    resolveThinking(model, request({ thinking: { type: 'disabled' } })).config,
    {
      thinkingBudget: 0,
    },
    'a budget of 0 sends no includeThoughts',
  );
});

t.test('what the range changed is reported for the debug log', async (t) => {
  const { changes } = resolveThinking('gemini-2.5-pro', request({ thinkingBudget: 99_999 }));
  t.same(changes, [{ param: 'thinkingBudget', op: 'range', from: 99_999, to: 32_768 }]);
  t.same(resolveThinking('gemini-2.5-pro', request({ thinkingBudget: -1 })).changes, []);
});

t.test('models that do not think get no thinking config', async (t) => {
  for (const model of ['gemini-2.0-flash', 'gemma-3-27b-it', 'learnlm-2.0-flash-experimental']) {
    t.notOk(isThinkingModel(model), model);
    t.same(resolveThinking(model, request({ thinkingBudget: 1000 })), { changes: [] }, model);
  }
  t.same(
    resolveThinking('gemini-2.0-flash-thinking-exp-01-21', request({ thinkingBudget: 1000 }))
      .config,
    { includeThoughts: true },
    'earlier thinking models only include thoughts',
  );
  t.equal(budgetFor('gemini-flash-latest', {}), -1, 'the -latest aliases take budgets');
});
