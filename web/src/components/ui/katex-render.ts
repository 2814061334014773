// Loaded on demand by math.tsx, the first time a message holds a formula: KaTeX and its styles
// (fonts come with the stylesheet, fetched as formulas need them).
import katex from 'katex';
import 'katex/dist/katex.min.css';

const cache = new Map<string, string>();

/**
 * The HTML of a TeX formula. No `\href` or `\url` (trust off), never throws: an error shows the
 * source in red, as KaTeX does.
 */
export function renderMath(tex: string, display: boolean): string {
  const key = `${display ? 'D' : 'I'}${tex}`;
  let html = cache.get(key);
  if (html === undefined) {
    html = katex.renderToString(tex, {
      displayMode: display,
      throwOnError: false,
      trust: false,
      strict: 'ignore',
      output: 'htmlAndMathml',
    });
    if (cache.size > 500) cache.clear();
    cache.set(key, html);
  }
  return html;
}
