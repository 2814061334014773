import type { Grounding } from '@manifold/core/contract/grounding';
import { citationViews } from '../stores/citations.js';

/** A reply's web sources: numbered links (http/https only) with the source's favicon or a letter. */
export function CitationList({ grounding, title }: { grounding: Grounding; title: string }) {
  const views = citationViews(grounding.citations);
  if (!views.length) return null;
  return (
    <div className="citations flex flex-col gap-1.5 text-sm">
      <div className="citations-title text-xs font-medium text-muted-foreground">{title}</div>
      <ol className="m-0 flex list-none flex-wrap gap-2 p-0">
        {views.map((c) => {
          const icon = c.favicon ? (
            <img
              className="citation-icon size-4 shrink-0 rounded-sm"
              src={c.favicon}
              alt=""
              width={16}
              height={16}
              referrerPolicy="no-referrer"
            />
          ) : (
            <span
              className="citation-icon citation-letter inline-flex size-4 shrink-0 items-center justify-center rounded-sm bg-selected text-[10px] font-semibold"
              aria-hidden="true"
            >
              {c.letter}
            </span>
          );
          return (
            <li
              key={c.n}
              className="citation flex max-w-full min-w-0 items-center gap-1.5 rounded-lg border border-border bg-surface px-2 py-1"
              value={c.n}
            >
              <span className="text-xs text-muted-foreground tabular-nums">{c.n}</span>
              {icon}
              {c.href ? (
                <a
                  href={c.href}
                  target="_blank"
                  rel="noreferrer noopener"
                  title={c.href}
                  className="truncate text-foreground hover:text-accent hover:underline"
                >
                  {c.label}
                </a>
              ) : (
                <span className="citation-text truncate">{c.label}</span>
              )}
              {c.host && c.host !== c.label ? (
                <span className="citation-host truncate text-xs text-muted-foreground">
                  {c.host}
                </span>
              ) : null}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
