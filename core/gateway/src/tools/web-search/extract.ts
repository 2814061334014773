/**
 * HTML → the page's main content as Markdown: `linkedom` parses (a DOM without a browser),
 * `@mozilla/readability` (Firefox Reader View) keeps the article and drops navigation, ads and
 * footers, `turndown` writes Markdown. A page Readability finds no article in (a home page, a
 * list) falls back to its whole body without scripts, styles and navigation.
 */
import { parseHTML } from 'linkedom';
import { Readability } from '@mozilla/readability';
import TurndownService from 'turndown';

/** What a page reads as. */
export interface ExtractedPage {
  title: string;
  markdown: string;
}

/** Elements that never carry readable text. */
const NOISE = ['script', 'style', 'noscript', 'template', 'iframe', 'object', 'embed', 'svg'];
/** What the fallback also drops: page chrome, not content. */
const CHROME = ['header', 'footer', 'aside', 'form', 'button', 'dialog'];

const turndown = new TurndownService({
  headingStyle: 'atx',
  codeBlockStyle: 'fenced',
  bulletListMarker: '-',
  emDelimiter: '_',
});
turndown.remove(['script', 'style', 'noscript', 'iframe', 'form', 'button']);
// An image is its alt text (as an image link when it has a real URL); data: URIs and
// decorative images without alt text are noise for a model.
turndown.addRule('images', {
  filter: 'img',
  replacement(_content, node) {
    const element = node as HTMLElement;
    const alt = (element.getAttribute('alt') ?? '').trim();
    const src = element.getAttribute('src') ?? '';
    if (!alt) return '';
    return /^https?:\/\//i.test(src) ? `![${alt}](${src})` : alt;
  },
});

type Document = ReturnType<typeof parseHTML>['document'];

/** Links and images made absolute against the page URL; `javascript:` links unlinked. */
function absolutize(document: Document, pageURL: string): void {
  for (const [selector, attribute] of [
    ['a[href]', 'href'],
    ['img[src]', 'src'],
  ] as const) {
    for (const element of document.querySelectorAll(selector)) {
      const raw = element.getAttribute(attribute) ?? '';
      let absolute: string | undefined;
      try {
        absolute = new URL(raw, pageURL).href;
      } catch {
        absolute = undefined;
      }
      if (absolute && /^(https?|mailto):/i.test(absolute))
        element.setAttribute(attribute, absolute);
      else element.removeAttribute(attribute);
    }
  }
}

/** The elements of `NOISE` with their content, cut out before parsing (most of a page's bytes). */
const NOISE_BLOCKS = /<(script|style|noscript|template|svg)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;

/** Most article HTML converted: the Markdown is cut far shorter anyway (`MAX_PAGE_CHARACTERS`). */
const MAX_ARTICLE_HTML = 400_000;

/** `html` cut at a tag boundary before `max` characters. */
function cutHTML(html: string, max: number): string {
  if (html.length <= max) return html;
  const end = html.lastIndexOf('<', max);
  return html.slice(0, end > 0 ? end : max);
}

/** Navigation is never a page's content (Readability keeps it on a short page). */
const NAVIGATION = ['nav', '[role="navigation"]'];

function parse(html: string, pageURL: string): Document {
  const { document } = parseHTML(html.replace(NOISE_BLOCKS, ''));
  for (const element of document.querySelectorAll([...NOISE, ...NAVIGATION].join(',')))
    element.remove();
  absolutize(document, pageURL);
  return document;
}

const tidy = (markdown: string) =>
  markdown
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

/** The main content of an HTML page as Markdown, with its title. */
export function htmlToMarkdown(html: string, pageURL: string): ExtractedPage {
  const document = parse(html, pageURL);
  const pageTitle = (document.querySelector('title')?.textContent ?? '').trim();
  // Readability takes any DOM with the methods it uses; linkedom's is one.
  const article = new Readability(document as unknown as globalThis.Document).parse();
  const fromArticle = article?.content
    ? tidy(turndown.turndown(cutHTML(article.content, MAX_ARTICLE_HTML)))
    : '';
  if (fromArticle)
    return { title: (article?.title ?? '').trim() || pageTitle, markdown: fromArticle };
  // Readability changed the document it read: the fallback parses the page again.
  const whole = parse(html, pageURL);
  for (const element of whole.querySelectorAll(CHROME.join(','))) element.remove();
  const body = whole.querySelector('body')?.innerHTML ?? whole.toString();
  return { title: pageTitle, markdown: tidy(turndown.turndown(cutHTML(body, MAX_ARTICLE_HTML))) };
}
