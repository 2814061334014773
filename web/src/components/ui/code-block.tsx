import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState } from 'react';
import { $labels } from '../../app/locale.js';
import { highlightWith, loadHighlighter, readyHighlighter } from '../../lib/highlight.js';
import { CopyButton } from './copy-button.js';

/**
 * A fenced code block: a header with the language and a copy button, then the code, highlighted
 * once its language has loaded (plain meanwhile). Long lines scroll inside the block.
 */
export function CodeBlock({ code, language }: { code: string; language?: string | undefined }) {
  const label = useStore($labels);
  // Bumped when a language finishes loading, so the block highlights itself then.
  const [loads, setLoads] = useState(0);
  useEffect(() => {
    if (readyHighlighter(language)) return;
    let live = true;
    void loadHighlighter(language).then((hljs) => {
      if (live && hljs) setLoads((n) => n + 1);
    });
    return () => {
      live = false;
    };
  }, [language]);
  const html = useMemo(() => {
    const hljs = readyHighlighter(language);
    return hljs && language ? highlightWith(hljs, code, language) : undefined;
    // `loads` is a dependency on purpose: it changes when the highlighter has loaded
  }, [code, language, loads]);
  return (
    <div className="code-block my-3 overflow-hidden rounded-xl border border-border bg-code">
      <div className="code-header flex h-9 items-center justify-between gap-2 border-b border-border pr-1 pl-4 text-xs text-muted-foreground">
        <span className="code-language truncate font-mono">{language || 'text'}</span>
        <CopyButton text={code} label={label.copyCode} className="size-7" />
      </div>
      <pre className="m-0 overflow-x-auto p-4 font-mono text-[13px] leading-6">
        {html !== undefined ? (
          // highlight.js output: the code escaped, wrapped in token spans.
          <code className="hljs" dangerouslySetInnerHTML={{ __html: html }} />
        ) : (
          <code>{code}</code>
        )}
      </pre>
    </div>
  );
}
