import { toolFunctionName } from '../tools/function-names.js';
import type { ChatMessage, FileItem, MessageToolCall } from './chat-message.js';

/*
 * Message text as every wire needs it: the text of a content, attached files as text, and the
 * function name of a recorded tool call.
 */

/**
 * The function name of a recorded tool call: its own `name` when it has one (a caller's function),
 * else `<identifier>____<apiName>` as the tool-manifest contract names tool calls, so it matches the
 * name the tool was offered under.
 */
export function toolCallName(
  call: Pick<MessageToolCall, 'identifier' | 'apiName'> & { name?: string | undefined },
): string {
  return call.name ?? toolFunctionName(call.identifier, call.apiName);
}

/** The text of message content, whatever its form (parts are joined, images left out). */
export function contentText(content: ChatMessage['content']): string {
  if (typeof content === 'string') return content;
  if (!content) return '';
  return content
    .map((part) => (part.type === 'text' ? part.text : ''))
    .filter((text) => text !== '')
    .join('\n');
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** Attached files as text the model reads after the message (their extracted content, else a link). */
export function filesText(files: readonly FileItem[]): string {
  const blocks = files.map((file) => {
    const attributes = [
      `name="${escapeAttribute(file.name)}"`,
      `type="${escapeAttribute(file.fileType)}"`,
    ];
    if (file.content === undefined && file.url)
      attributes.push(`url="${escapeAttribute(file.url)}"`);
    return `<file ${attributes.join(' ')}>\n${file.content ?? ''}\n</file>`;
  });
  return `<files>\n${blocks.join('\n')}\n</files>`;
}
