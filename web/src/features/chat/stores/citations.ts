import type { Citation } from '@manifold/core/contract/grounding';

/** One citation as the reply shows it: number, label, link (http/https only) and icon. */
export interface CitationView {
  /** 1-based position in the list. */
  n: number;
  /** The title, or the host when the citation has no title of its own. */
  label: string;
  /** The URL to open; absent when it is not http or https (the label is shown as plain text). */
  href?: string;
  /** Host without `www.`, empty when the URL cannot be parsed. */
  host: string;
  /** The citation's own favicon URL (http, https or data:image); absent: show `letter`. */
  favicon?: string;
  /** Upper-case first letter of the host (else of the label), for the letter badge. */
  letter: string;
}

/** The URL when it parses and is http or https, else undefined. */
export function httpUrl(value: string | undefined): URL | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

/** The host of a URL without a leading `www.`; empty when it is not a URL with a host. */
export function citationHost(value: string): string {
  try {
    return new URL(value).hostname.replace(/^www\./i, '');
  } catch {
    return '';
  }
}

/** A favicon the citation named itself: an http(s) URL or an inline `data:image/…` URL. */
export function faviconUrl(favicon: string | undefined): string | undefined {
  if (!favicon) return undefined;
  if (/^data:image\//i.test(favicon)) return favicon;
  return httpUrl(favicon)?.href;
}

/** The view of one citation: no URL is fetched that the citation did not name. */
export function citationView(citation: Citation, index: number): CitationView {
  const host = citationHost(citation.url);
  const title = citation.title?.trim() ?? '';
  const hasTitle = title !== '' && title !== citation.url;
  const label = hasTitle ? title : host || citation.url;
  const href = httpUrl(citation.url)?.href;
  const favicon = faviconUrl(citation.favicon);
  const letter = (host || label).charAt(0).toUpperCase() || '?';
  return {
    n: index + 1,
    label,
    host,
    letter,
    ...(href ? { href } : {}),
    ...(favicon ? { favicon } : {}),
  };
}

/** The views of a reply's citations, duplicates (same URL) dropped, numbered in order. */
export function citationViews(citations: readonly Citation[] | undefined): CitationView[] {
  const seen = new Set<string>();
  const unique = (citations ?? []).filter((c) => {
    if (!c || typeof c.url !== 'string' || seen.has(c.url)) return false;
    seen.add(c.url);
    return true;
  });
  return unique.map(citationView);
}
