import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { useEffect } from 'react';
import { cn } from './cn.js';

type Renderer = typeof import('./katex-render.js');

/** KaTeX once loaded (undefined before the first formula asks for it). */
const $katex = atom<Renderer | undefined>(undefined);
let loading: Promise<void> | undefined;

function loadKatex(): void {
  loading ??= import('./katex-render.js').then(
    (module) => $katex.set(module),
    () => {
      loading = undefined; // a failed fetch is tried again by the next formula
    },
  );
}

/**
 * A TeX formula: its source in a code span until KaTeX has loaded (on the first formula of the
 * session), then typeset. `display` centres it on its own line.
 */
export function MathFormula({ tex, display }: { tex: string; display: boolean }) {
  const katex = useStore($katex);
  useEffect(() => {
    if (!katex) loadKatex();
  }, [katex]);
  const className = display ? 'math math-display' : 'math math-inline';
  if (!katex) return <code className={cn(className, 'math-pending')}>{tex}</code>;
  return (
    <span
      className={className}
      // KaTeX output with trust off: its own escaped markup, no links or scripts.
      dangerouslySetInnerHTML={{ __html: katex.renderMath(tex, display) }}
    />
  );
}
