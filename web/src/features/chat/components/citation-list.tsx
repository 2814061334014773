import type { Grounding } from '@manifold/core/contract/grounding';
import { citationViews } from '../stores/citations.js';

/** A reply's web sources: numbered links (http/https only) with the source's favicon or a letter. */
export function CitationList({ grounding, title }: { grounding: Grounding; title: string }) {
  const views = citationViews(grounding.citations);
  if (!views.length) return null;
  return (
    <div className="citations">
      <div className="citations-title">{title}</div>
      <ol>
        {views.map((c) => {
          const icon = c.favicon ? (
            <img
              className="citation-icon"
              src={c.favicon}
              alt=""
              width={16}
              height={16}
              referrerPolicy="no-referrer"
            />
          ) : (
            <span className="citation-icon citation-letter" aria-hidden="true">
              {c.letter}
            </span>
          );
          return (
            <li key={c.n} className="citation" value={c.n}>
              {icon}
              {c.href ? (
                <a href={c.href} target="_blank" rel="noreferrer noopener" title={c.href}>
                  {c.label}
                </a>
              ) : (
                <span className="citation-text">{c.label}</span>
              )}
              {c.host && c.host !== c.label ? (
                <span className="citation-host">{c.host}</span>
              ) : null}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
