import type { ChatMessage } from '@manifold/core/contract/chat-message';
import { contentText, filesText } from '@manifold/core/contract/message-text';

/**
 * Llama on Bedrock's InvokeModel takes one `prompt` string, formatted with the model's own chat
 * template (https://docs.aws.amazon.com/bedrock/latest/userguide/model-parameters-meta.html).
 * Images are not sent (vision Llamas take a separate `images` field, not supported here); files
 * are sent as text; tool calls are not offered to Llama.
 */

type Role = 'system' | 'user' | 'assistant' | 'ipython';

/** The text a message contributes: its content, then attached files. */
function messageText(message: ChatMessage): string {
  const text = contentText(message.content);
  if (!message.fileList?.length) return text;
  const files = filesText(message.fileList);
  return text.trim() === '' ? files : `${text}\n\n${files}`;
}

function roleOf(message: ChatMessage): Role {
  if (message.role === 'tool' || message.role === 'function') return 'ipython';
  return message.role;
}

/**
 * The Llama 3 (3.0–3.3, 4) instruct template: every message in its header block, then the open
 * assistant header the model completes. Tool answers use the `ipython` role of Llama 3.1+.
 * `<|begin_of_text|><|start_header_id|>user<|end_header_id|>\n\nHi<|eot_id|>…`
 */
export function llama3Prompt(messages: readonly ChatMessage[]): string {
  let prompt = '<|begin_of_text|>';
  for (const message of messages) {
    const text = messageText(message).trim();
    if (text === '') continue;
    prompt += `<|start_header_id|>${roleOf(message)}<|end_header_id|>\n\n${text}<|eot_id|>`;
  }
  return `${prompt}<|start_header_id|>assistant<|end_header_id|>\n\n`;
}

/**
 * The Llama 2 Chat template: system messages in `<<SYS>>` inside the first `[INST]`, each user
 * turn in `<s>[INST] … [/INST]`, each answer after it closed by `</s>`; consecutive messages of
 * one side are joined. `<s>[INST] <<SYS>>\n…\n<</SYS>>\n\nHi [/INST] Hello </s><s>[INST] …`
 */
export function llama2Prompt(messages: readonly ChatMessage[]): string {
  const system: string[] = [];
  const turns: Array<{ user: boolean; text: string }> = [];
  for (const message of messages) {
    const text = messageText(message).trim();
    if (text === '') continue;
    if (message.role === 'system') {
      system.push(text);
      continue;
    }
    const user = message.role !== 'assistant';
    const last = turns.at(-1);
    if (last?.user === user) last.text += `\n\n${text}`;
    else turns.push({ user, text });
  }
  let pendingSystem = system.length > 0 ? `<<SYS>>\n${system.join('\n\n')}\n<</SYS>>\n\n` : '';
  let prompt = '';
  let open = false;
  const openInstruction = (text: string) => {
    prompt += `<s>[INST] ${pendingSystem}${text} [/INST]`;
    pendingSystem = '';
    open = true;
  };
  for (const turn of turns) {
    if (turn.user) {
      openInstruction(turn.text);
    } else {
      if (!open) openInstruction('');
      prompt += ` ${turn.text} </s>`;
      open = false;
    }
  }
  if (prompt === '') openInstruction('');
  return prompt;
}
