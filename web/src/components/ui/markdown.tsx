import { useStore } from '@nanostores/react';
import type { Token, Tokens } from 'marked';
import { memo, useMemo, useState, type ReactNode } from 'react';
import { $labels } from '../../app/locale.js';
import { decodeEntities, lexMarkdown, safeUrl } from '../../lib/markdown.js';
import type { MathToken } from '../../lib/markdown-math.js';
import { CodeBlock } from './code-block.js';
import { cn } from './cn.js';
import { Lightbox } from './lightbox.js';
import { MathFormula } from './math.js';

// Markdown is lexed by marked (GFM, TeX math) and its tokens become React elements here: no HTML
// string is ever injected, so raw HTML in a reply shows as text, and React keeps every finished
// block's DOM while a reply streams (only the last block changes).

const isBreak = (html: string) => /^<br\s*\/?>$/i.test(html.trim());

function Inline({ tokens }: { tokens: Token[] | undefined }): ReactNode {
  return tokens?.map((token, index) => <InlineToken key={index} token={token} />);
}

function InlineToken({ token }: { token: Token }): ReactNode {
  switch (token.type) {
    case 'text':
      return token.tokens ? <Inline tokens={token.tokens} /> : decodeEntities(token.text);
    case 'escape':
      return decodeEntities(token.text);
    case 'strong':
      return (
        <strong>
          <Inline tokens={token.tokens} />
        </strong>
      );
    case 'em':
      return (
        <em>
          <Inline tokens={token.tokens} />
        </em>
      );
    case 'del':
      return (
        <del>
          <Inline tokens={token.tokens} />
        </del>
      );
    case 'codespan':
      return <code>{token.text}</code>;
    case 'br':
      return <br />;
    case 'link':
      return <MarkdownLink token={token as Tokens.Link} />;
    case 'image':
      return <MarkdownImage token={token as Tokens.Image} />;
    case 'html':
      return isBreak(token.text) ? <br /> : token.text;
    case 'math':
      return <MathFormula tex={(token as MathToken).text} display={(token as MathToken).display} />;
    default:
      return 'text' in token && typeof token.text === 'string' ? token.text : token.raw;
  }
}

/** An image in a reply: shown in the text, full size in the lightbox when pressed. */
function MarkdownImage({ token }: { token: Tokens.Image }) {
  const label = useStore($labels);
  const [open, setOpen] = useState<number | undefined>(undefined);
  const src = safeUrl(token.href, { image: true });
  if (!src) return token.text;
  return (
    <>
      <button
        type="button"
        className="markdown-image"
        aria-label={`${label.openImage} ${token.text}`.trim()}
        onClick={() => setOpen(0)}
      >
        <img src={src} alt={token.text} title={token.title ?? undefined} loading="lazy" />
      </button>
      <Lightbox images={[{ src, alt: token.text }]} index={open} onIndexChange={setOpen} />
    </>
  );
}

/** A link opens in a new tab, so following one never leaves a reply that is still streaming. */
function MarkdownLink({ token }: { token: Tokens.Link }) {
  const href = safeUrl(token.href);
  const children = token.autolink ? token.text : <Inline tokens={token.tokens} />;
  if (!href) return <span className="link-pending">{children}</span>;
  return (
    <a href={href} title={token.title ?? undefined} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}

function ListItem({ item }: { item: Tokens.ListItem }) {
  return (
    <li className={item.task ? 'task-item' : undefined}>
      {item.tokens.map((token, index) =>
        token.type === 'checkbox' ? (
          <input
            key={index}
            type="checkbox"
            checked={(token as Tokens.Checkbox).checked}
            disabled
            readOnly
          />
        ) : token.type === 'text' && !item.loose ? (
          <InlineToken key={index} token={token} />
        ) : (
          <BlockToken key={index} token={token.type === 'text' ? asParagraph(token) : token} />
        ),
      )}
    </li>
  );
}

const asParagraph = (token: Tokens.Text | Tokens.Generic): Token =>
  ({ ...token, type: 'paragraph', tokens: token.tokens ?? [] }) as Token;

function Table({ token }: { token: Tokens.Table }) {
  const align = (index: number) => token.align[index] ?? undefined;
  return (
    <div className="table-wrap">
      <table>
        <thead>
          <tr>
            {token.header.map((cell, index) => (
              <th key={index} style={{ textAlign: align(index) }}>
                <Inline tokens={cell.tokens} />
              </th>
            ))}
          </tr>
        </thead>
        {token.rows.length ? (
          <tbody>
            {token.rows.map((row, rowIndex) => (
              <tr key={rowIndex}>
                {row.map((cell, index) => (
                  <td key={index} style={{ textAlign: align(index) }}>
                    <Inline tokens={cell.tokens} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        ) : null}
      </table>
    </div>
  );
}

function BlockToken({ token }: { token: Token }): ReactNode {
  switch (token.type) {
    case 'space':
    case 'def':
      return null;
    case 'paragraph':
      return (
        <p>
          <Inline tokens={token.tokens} />
        </p>
      );
    case 'text':
      return token.tokens ? <Inline tokens={token.tokens} /> : decodeEntities(token.text);
    case 'heading': {
      const Tag = `h${Math.min(6, Math.max(1, token.depth))}` as 'h1';
      return (
        <Tag>
          <Inline tokens={token.tokens} />
        </Tag>
      );
    }
    case 'code': {
      const code = token as Tokens.Code;
      return <CodeBlock code={code.text} language={code.lang?.trim().split(/\s+/)[0]} />;
    }
    case 'blockquote':
      return (
        <blockquote>
          <Blocks tokens={token.tokens} />
        </blockquote>
      );
    case 'list': {
      const list = token as Tokens.List;
      const items = list.items.map((item, index) => <ListItem key={index} item={item} />);
      return list.ordered ? (
        <ol start={list.start === '' || list.start === 1 ? undefined : list.start}>{items}</ol>
      ) : (
        <ul className={list.items.some((item) => item.task) ? 'task-list' : undefined}>{items}</ul>
      );
    }
    case 'table':
      return <Table token={token as Tokens.Table} />;
    case 'hr':
      return <hr />;
    case 'html':
      return <p className="raw-html">{token.text}</p>;
    case 'math':
      return <MathFormula tex={(token as MathToken).text} display />;
    default:
      return <p>{token.raw}</p>;
  }
}

function Blocks({ tokens }: { tokens: Token[] | undefined }): ReactNode {
  return tokens?.map((token, index) => <BlockToken key={index} token={token} />);
}

/** A top-level block re-renders only when its source changed (while streaming: the last one). */
const TopBlock = memo(
  function TopBlock({ token }: { token: Token }) {
    return <BlockToken token={token} />;
  },
  (before, after) => before.token.raw === after.token.raw && before.token.type === after.token.type,
);

/**
 * Markdown as a reply writes it: GFM (tables, task lists, strikethrough, autolinks), line breaks
 * kept, TeX math (KaTeX, loaded with the first formula), fenced code highlighted (each language
 * loaded when first seen) with a copy button. `streaming` heals what is not finished yet (an open
 * `**`, a half-written link or table) so the text does not jump when it is. Styled by the
 * `rich-text` class; `className` names what it is (`markdown` for a reply's text).
 */
export function Markdown({
  text,
  streaming = false,
  className,
}: {
  text: string;
  streaming?: boolean;
  className?: string;
}) {
  const tokens = useMemo(() => lexMarkdown(text, streaming), [text, streaming]);
  return (
    <div className={cn('rich-text', className)}>
      {tokens.map((token, index) => (
        <TopBlock key={index} token={token} />
      ))}
    </div>
  );
}
