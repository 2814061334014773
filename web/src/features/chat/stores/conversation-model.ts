import { $activeModelId, $activeProviderId } from '../../providers/stores/selection.js';
import {
  $activeConversationId,
  findConversation,
  updateConversation,
  type Conversation,
} from './conversations.js';

/**
 * The provider and model a conversation talks to: the ones it remembers, else (conversations
 * stored before it remembered them) those of its newest reply.
 */
export function conversationModel(
  conversation: Conversation,
): { provider: string; model?: string } | undefined {
  if (conversation.provider)
    return {
      provider: conversation.provider,
      ...(conversation.model ? { model: conversation.model } : {}),
    };
  for (let i = conversation.messages.length - 1; i >= 0; i--) {
    const m = conversation.messages[i]!;
    if (m.role === 'assistant' && m.provider)
      return { provider: m.provider, ...(m.model ? { model: m.model } : {}) };
  }
  return undefined;
}

let restoring = false;

/** Put the conversation's provider and model in the picker. */
function showInPicker(conversationId: string | undefined): void {
  const conversation = conversationId ? findConversation(conversationId) : undefined;
  const chosen = conversation ? conversationModel(conversation) : undefined;
  if (!chosen) return;
  restoring = true;
  try {
    $activeProviderId.set(chosen.provider);
    $activeModelId.set(chosen.model);
  } finally {
    restoring = false;
  }
}

/** The person chose in the picker: the conversation on screen now talks to that. */
function remember(
  patch: Pick<Conversation, 'provider' | 'model'>,
  key: 'provider' | 'model',
): void {
  const id = $activeConversationId.get();
  if (restoring || !id) return;
  const conversation = findConversation(id);
  if (!conversation || conversation[key] === patch[key]) return;
  updateConversation(id, (c) => {
    const next = { ...c, ...patch };
    if (patch[key] === undefined) delete next[key];
    return next;
  });
}

/**
 * Tie the model picker to the conversation on screen: opening a conversation shows its provider
 * and model in the picker, and a choice in the picker changes the conversation's (a new chat takes
 * the picker's choice when its first message is sent). Returns the function that unties them.
 */
export function linkPickerToConversations(): () => void {
  showInPicker($activeConversationId.get());
  const unbind = [
    $activeConversationId.listen(showInPicker),
    $activeProviderId.listen((provider) => remember({ provider }, 'provider')),
    $activeModelId.listen((model) => remember({ model }, 'model')),
  ];
  return () => unbind.forEach((stop) => stop());
}
