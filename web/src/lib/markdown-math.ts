import type { TokenizerAndRendererExtension, Tokens } from 'marked';

/** A TeX formula found in Markdown: `$…$` or `\(…\)` inline, `$$…$$` or `\[…\]` on its own. */
export interface MathToken extends Tokens.Generic {
  type: 'math';
  raw: string;
  /** The TeX source, trimmed. */
  text: string;
  /** Display math (centred, on its own line) rather than inline. */
  display: boolean;
}

// Block: up to three spaces, then $$…$$ or \[…\] spanning lines, and nothing after the closer.
const BLOCK_DOLLARS = /^ {0,3}\$\$([\s\S]+?)\$\$[ \t]*(?:\n+|$)/;
const BLOCK_BRACKETS = /^ {0,3}\\\[([\s\S]+?)\\\][ \t]*(?:\n+|$)/;
// Inline, as Pandoc reads `$`: no space just inside the dollars and no digit right after the
// closer, so "costs $5 and $10" stays text.
const INLINE_DOLLAR = /^\$(?![\s$])((?:\\[\s\S]|[^\\\n$])+?)(?<![\s\\])\$(?!\d)/;
const INLINE_DOUBLE_DOLLAR = /^\$\$((?:\\[\s\S]|[^\\$])+?)\$\$/;
const INLINE_PARENS = /^\\\(([\s\S]+?)\\\)/;
const INLINE_BRACKETS = /^\\\[([\s\S]+?)\\\]/;

const mathToken = (raw: string, text: string, display: boolean): MathToken => ({
  type: 'math',
  raw,
  text: text.trim(),
  display,
});

/** Where a block formula may start in `src` (for marked to cut a paragraph there). */
function blockStart(src: string): number | undefined {
  const match = /(?:^|\n) {0,3}(?:\$\$|\\\[)/.exec(src);
  if (!match) return undefined;
  return match.index + (match[0].startsWith('\n') ? 1 : 0);
}

/** Where an inline formula may start in `src`. */
function inlineStart(src: string): number | undefined {
  const match = /\$|\\[([]/.exec(src);
  return match ? match.index : undefined;
}

const blockMath: TokenizerAndRendererExtension = {
  name: 'blockMath',
  level: 'block',
  start: blockStart,
  tokenizer(src) {
    const match = BLOCK_DOLLARS.exec(src) ?? BLOCK_BRACKETS.exec(src);
    if (!match?.[1]?.trim()) return undefined;
    return mathToken(match[0], match[1], true);
  },
};

const inlineMath: TokenizerAndRendererExtension = {
  name: 'inlineMath',
  level: 'inline',
  start: inlineStart,
  tokenizer(src) {
    const display = INLINE_DOUBLE_DOLLAR.exec(src) ?? INLINE_BRACKETS.exec(src);
    if (display?.[1]?.trim()) return mathToken(display[0], display[1], true);
    const inline = INLINE_DOLLAR.exec(src) ?? INLINE_PARENS.exec(src);
    if (inline?.[1]?.trim()) return mathToken(inline[0], inline[1], false);
    return undefined;
  },
};

/**
 * marked extensions that read TeX formulas into `math` tokens (rendering is the app's: KaTeX,
 * loaded when a message first has one). Code spans and fences keep their dollars.
 */
export const mathExtensions: TokenizerAndRendererExtension[] = [blockMath, inlineMath];
