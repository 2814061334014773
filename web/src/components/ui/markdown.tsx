import DOMPurify from 'dompurify';
import { Marked, type Tokens } from 'marked';
import { useMemo } from 'react';
import { highlightCode } from '../../lib/highlight.js';

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

const marked = new Marked({
  gfm: true,
  breaks: true,
  renderer: {
    code({ text, lang }: Tokens.Code) {
      const language = lang?.trim().split(/\s+/)[0];
      const highlighted = highlightCode(text, language);
      const className = highlighted ? ` class="hljs language-${escapeHtml(language ?? '')}"` : '';
      return `<pre><code${className}>${highlighted ?? escapeHtml(text)}</code></pre>\n`;
    },
  },
});

/** Markdown rendered with marked (fenced code highlighted) and sanitized with DOMPurify. */
export function Markdown({ text }: { text: string }) {
  const html = useMemo(() => DOMPurify.sanitize(marked.parse(text, { async: false })), [text]);
  return <div className="markdown" dangerouslySetInnerHTML={{ __html: html }} />;
}
