import type { ChatMessage } from '@manifold/core/contract/chat-message';
import { contentText, filesText, toolCallName } from '@manifold/core/contract/message-text';
import { loadImage } from '@manifold/core/media/image';
import type { GoogleContent, GooglePart } from './types.js';

/** What message conversion needs besides the messages: where images come from. */
export interface MessageContext {
  /** Provider id, for the BadRequest of an image that cannot be fetched. */
  provider: string;
  /** fetch for image URLs (the gateway's guarded one under `BASE_URL_POLICY=public`). */
  fetch?: typeof globalThis.fetch;
  signal?: AbortSignal;
}

/** The conversation as Google takes it: the system text apart, the turns as contents. */
export interface ConvertedMessages {
  /** Every system message's text, joined; undefined when there is none. */
  system: string | undefined;
  contents: GoogleContent[];
}

/** Google takes images only as inline bytes here: every URL is loaded (400 when it cannot be). */
async function imagePart(url: string, context: MessageContext): Promise<GooglePart> {
  const image = await loadImage(url, {
    provider: context.provider,
    fetch: context.fetch,
    signal: context.signal,
  });
  return { inlineData: { mimeType: image.mimeType, data: image.base64 } };
}

async function userParts(message: ChatMessage, context: MessageContext): Promise<GooglePart[]> {
  const parts: Array<GooglePart | Promise<GooglePart>> = [];
  const { content } = message;
  if (typeof content === 'string') {
    if (content !== '') parts.push({ text: content });
  } else {
    for (const part of content ?? []) {
      if (part.type === 'text') {
        if (part.text !== '') parts.push({ text: part.text });
      } else parts.push(imagePart(part.image_url.url, context));
    }
  }
  if (message.fileList?.length) parts.push({ text: filesText(message.fileList) });
  for (const image of message.imageList ?? []) parts.push(imagePart(image.url, context));
  return Promise.all(parts);
}

/** Recorded arguments as the object Google wants; text that is not a JSON object becomes `{}`. */
function parseArguments(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text || '{}');
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/**
 * An assistant turn: its text, then its function calls. The reasoning text is not sent back; its
 * signature is, as `thoughtSignature` on the first function call (or the last part), where Google
 * puts it in its own answers.
 */
function modelParts(message: ChatMessage): GooglePart[] {
  const parts: GooglePart[] = [];
  const text = contentText(message.content);
  if (text !== '') parts.push({ text });
  const calls: GooglePart[] = (message.tools ?? []).map((call) => ({
    functionCall: { name: toolCallName(call), args: parseArguments(call.arguments) },
  }));
  parts.push(...calls);
  const signature = message.reasoning?.signature;
  const carrier = calls[0] ?? parts.at(-1);
  if (signature && carrier) carrier.thoughtSignature = signature;
  return parts;
}

const onlyFunctionResponses = (content: GoogleContent | undefined): boolean =>
  content?.role === 'user' && content.parts.every((part) => part.functionResponse !== undefined);

/**
 * Our messages as Google contents: system text apart; user turns with text, file text and inline
 * images; assistant turns as `model` with `functionCall` parts named `<identifier>____<apiName>`;
 * tool results as `functionResponse` parts (consecutive ones in one user turn, as Google wants one
 * response per call of the turn before). Turns without parts are left out (Google refuses them).
 */
export async function convertMessages(
  messages: readonly ChatMessage[],
  context: MessageContext,
): Promise<ConvertedMessages> {
  const callNames = new Map<string, string>();
  for (const message of messages)
    for (const call of message.tools ?? []) callNames.set(call.id, toolCallName(call));

  const system: string[] = [];
  const contents: GoogleContent[] = [];
  const userTurns = new Map<number, Promise<GooglePart[]>>();
  for (const message of messages) {
    if (message.role === 'system') {
      const text = contentText(message.content);
      if (text !== '') system.push(text);
    } else if (message.role === 'assistant') {
      contents.push({ role: 'model', parts: modelParts(message) });
    } else if (message.role === 'tool' || message.role === 'function') {
      const name =
        (message.tool_call_id !== undefined ? callNames.get(message.tool_call_id) : undefined) ??
        (message.plugin ? toolCallName(message.plugin) : message.name);
      const result = contentText(message.content);
      if (name === undefined) {
        if (result !== '') contents.push({ role: 'user', parts: [{ text: result }] });
        continue;
      }
      const part: GooglePart = { functionResponse: { name, response: { result } } };
      const previous = contents.at(-1);
      if (previous && onlyFunctionResponses(previous) && previous.parts.length > 0)
        previous.parts.push(part);
      else contents.push({ role: 'user', parts: [part] });
    } else {
      userTurns.set(contents.length, userParts(message, context));
      contents.push({ role: 'user', parts: [] });
    }
  }
  // Images of every turn load at once; the first failure rejects before any upstream call.
  await Promise.all(
    [...userTurns].map(async ([index, parts]) => {
      contents[index]!.parts = await parts;
    }),
  );
  return {
    system: system.length > 0 ? system.join('\n\n') : undefined,
    contents: contents.filter((content) => content.parts.length > 0),
  };
}
