import type { UIMessage } from './conversations.js';
import { citationViews } from './citations.js';

/**
 * What the copy button of a message puts on the clipboard: the Markdown as written (the person's
 * text, or the reply without its reasoning), and for a reply with web sources, a numbered list of
 * them under `sourcesTitle` so the references survive the paste.
 */
export function messageCopyText(
  message: Pick<UIMessage, 'role' | 'content' | 'grounding'>,
  sourcesTitle: string,
): string {
  const text = message.content.trim();
  if (message.role !== 'assistant' || !message.grounding) return text;
  const sources = citationViews(message.grounding.citations).map(
    (c) => `${c.n}. ${c.href && c.href !== c.label ? `[${c.label}](${c.href})` : c.label}`,
  );
  if (!sources.length) return text;
  return `${text}\n\n${sourcesTitle}:\n${sources.join('\n')}`.trim();
}

/** Whether a message has anything to copy (a reply still empty or an error bubble has not). */
export function hasCopyText(message: Pick<UIMessage, 'content'>): boolean {
  return message.content.trim() !== '';
}
