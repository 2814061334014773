/**
 * An MCP tool result as the text a model reads (CONTRACT §8: the tool's answer is text). Text
 * blocks as they are; images and audio as a short placeholder with their type and size (their
 * bytes would only fill the context); embedded resources by URI with their text; resource links
 * by name and URI. A result with no content blocks gives its `structuredContent` as JSON.
 */

/** The blocks of `content` this converter reads (the MCP `ContentBlock` union, loosely). */
interface Block {
  type?: unknown;
  text?: unknown;
  data?: unknown;
  mimeType?: unknown;
  uri?: unknown;
  name?: unknown;
  title?: unknown;
  description?: unknown;
  resource?: { uri?: unknown; mimeType?: unknown; text?: unknown; blob?: unknown };
}

/** A tool result, loosely: `content`, the `structuredContent`, or an old-style `toolResult`. */
export interface ToolResultLike {
  content?: unknown;
  structuredContent?: unknown;
  toolResult?: unknown;
  isError?: unknown;
}

/** Decoded size of base64 `data`, without decoding it. */
export function base64Size(data: string): number {
  const clean = data.replace(/\s+/g, '');
  const padding = clean.endsWith('==') ? 2 : clean.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((clean.length * 3) / 4) - padding);
}

/** `1 234 B`, `2.1 KB`, `3.4 MB` (1024-based). */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : undefined;

function binary(kind: string, data: unknown, mimeType: unknown): string {
  const size = typeof data === 'string' ? `, ${formatSize(base64Size(data))}` : '';
  return `[${kind}: ${text(mimeType) ?? 'unknown type'}${size}]`;
}

function blockText(block: Block): string {
  switch (block.type) {
    case 'text':
      return text(block.text) ?? '';
    case 'image':
      return binary('image', block.data, block.mimeType);
    case 'audio':
      return binary('audio', block.data, block.mimeType);
    case 'resource_link': {
      const label = text(block.title) ?? text(block.name) ?? '';
      const description = text(block.description);
      const head = `[resource link: ${label ? `${label} ` : ''}${text(block.uri) ?? ''}]`;
      return description ? `${head} ${description}` : head;
    }
    case 'resource': {
      const resource = block.resource ?? {};
      const uri = text(resource.uri) ?? '';
      if (typeof resource.text === 'string') return `[resource: ${uri}]\n${resource.text}`;
      const kind = `resource: ${uri}`;
      return binary(kind, resource.blob, resource.mimeType);
    }
    default:
      return `[${typeof block.type === 'string' ? block.type : 'unknown'} content]`;
  }
}

/** The text answer of a tool result. */
export function resultText(result: ToolResultLike): string {
  const blocks = Array.isArray(result.content) ? (result.content as Block[]) : [];
  if (blocks.length > 0) return blocks.map(blockText).join('\n');
  if (result.structuredContent !== undefined) return JSON.stringify(result.structuredContent);
  if (result.toolResult !== undefined) {
    return typeof result.toolResult === 'string'
      ? result.toolResult
      : JSON.stringify(result.toolResult);
  }
  return '';
}
