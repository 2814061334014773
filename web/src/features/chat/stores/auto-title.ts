import { atom } from 'nanostores';
import type { ChatRequest } from '@manifold/core/contract/chat-request';
import type { ModelCard } from '@manifold/core/contract/model-card';
import type { ProviderManifest } from '@manifold/core/contract/provider-manifest';
import { openProviderChat } from '../../providers/api/provider-calls.js';
import { $providerModels } from '../../providers/stores/models.js';
import {
  findConversation,
  saveConversations,
  threadOfConversation,
  updateConversation,
} from './conversations.js';

const AUTO_TITLES_KEY = 'manifold:auto-titles';

/** Name conversations by a model after their first reply (on unless switched off; localStorage). */
export const $autoTitles = atom<boolean>(readAutoTitles());

function readAutoTitles(): boolean {
  try {
    return globalThis.localStorage?.getItem(AUTO_TITLES_KEY) !== 'off';
  } catch {
    return true;
  }
}

export function setAutoTitles(on: boolean): void {
  $autoTitles.set(on);
  try {
    globalThis.localStorage?.setItem(AUTO_TITLES_KEY, on ? 'on' : 'off');
  } catch {
    // Private mode without storage: the choice lasts for this page only.
  }
}

/** What the title model is asked, after the conversation's first question and answer. */
export const TITLE_PROMPT =
  'Title this conversation in at most 6 words, in the language of the conversation. Answer with the title only: no quotes, no trailing punctuation.';

/** How much of the question and the answer the title model reads (characters each). */
const EXCERPT = 1200;

/** Longest title kept (characters), as for titles typed in the list. */
const MAX_TITLE = 60;

const priceOf = (card: ModelCard) => (card.pricing?.input ?? 0) + (card.pricing?.output ?? 0);

/**
 * The model that writes titles: the provider's cheapest enabled chat model with a known price
 * (one that does not reason first, when there is one), else the conversation's own model.
 */
export function titleModelFor(cards: readonly ModelCard[], conversationModel: string): string {
  const priced = cards.filter(
    (c) => c.type === 'chat' && c.enabled && c.pricing?.input !== undefined,
  );
  const direct = priced.filter((c) => !c.abilities.reasoning);
  const pool = direct.length ? direct : priced;
  let best: ModelCard | undefined;
  for (const card of pool) if (!best || priceOf(card) < priceOf(best)) best = card;
  return best?.id ?? conversationModel;
}

const clip = (text: string) => (text.length > EXCERPT ? `${text.slice(0, EXCERPT)}…` : text);

/** The non-streamed request that asks for a title. */
export function titleRequest(model: string, question: string, answer: string): ChatRequest {
  return {
    model,
    stream: false,
    messages: [
      {
        role: 'user',
        content: `<conversation>\nUser: ${clip(question)}\n\nAssistant: ${clip(answer)}\n</conversation>\n\n${TITLE_PROMPT}`,
      },
    ],
  };
}

/**
 * A model's answer as a title: its first non-empty line without Markdown marks, a "Title:" label,
 * quotes or trailing punctuation; undefined when nothing is left.
 */
export function cleanTitle(text: string): string | undefined {
  const line = text
    .replace(/<think>[\s\S]*?<\/think>/g, '')
    .split('\n')
    .map((l) => l.trim())
    .find(Boolean);
  if (!line) return undefined;
  const title = line
    .replace(/^#+\s*/, '')
    .replace(/^(title|标题)\s*[:：]\s*/i, '')
    .replace(/[*_`]/g, '')
    .replace(/^["'“”‘’「『《]+/, '')
    .replace(/["'“”‘’」』》.。!！?？,，;；:：]+$/, '')
    .replace(/\s+/g, ' ')
    .trim();
  return title ? title.slice(0, MAX_TITLE) : undefined;
}

/**
 * After a conversation's first reply, ask a cheap model of its provider for a title (one
 * non-streamed call) and use it, unless the person renamed the conversation meanwhile. When the
 * call fails or says nothing usable, the first message stays the title.
 */
export async function titleAfterFirstReply(
  conversationId: string,
  target: { provider: ProviderManifest; model: string },
): Promise<void> {
  if (!$autoTitles.get()) return;
  const conversation = findConversation(conversationId);
  if (conversation?.titleSource !== 'first-message') return;
  const thread = threadOfConversation(conversationId);
  const questions = thread.filter((m) => m.role === 'user');
  const answer = thread.at(-1);
  if (questions.length !== 1 || answer?.role !== 'assistant' || !answer.content.trim()) return;
  const cards = $providerModels.get()[target.provider.id] ?? [];
  const model = titleModelFor(cards, target.model);
  const question = questions[0]!;
  const text = question.content || question.fileList?.[0]?.name || '';
  let title = '';
  try {
    const stream = await openProviderChat(
      target.provider.id,
      titleRequest(model, text, answer.content),
      AbortSignal.timeout(30_000),
    );
    for await (const event of stream) {
      if (event.event === 'text') title += event.data;
      else if (event.event === 'error') return;
    }
  } catch {
    return;
  }
  const clean = cleanTitle(title);
  if (!clean) return;
  updateConversation(conversationId, (c) =>
    c.titleSource === 'first-message' ? { ...c, title: clean, titleSource: 'auto' } : c,
  );
  await saveConversations();
}
