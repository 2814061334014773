/** A piece of content after think-tag splitting. Never empty. */
export interface ThinkSegment {
  kind: 'text' | 'reasoning';
  text: string;
}

const OPEN_TAG = '<think>';
const CLOSE_TAG = '</think>';

/**
 * Splits `<think>…</think>` inside streamed content into reasoning and text, exactly at the tags, even
 * when a tag is split across chunks (`<thi` + `nk>`) or shares a chunk with text (`abc</think>Hello`).
 * Only the longest chunk end that could still become the awaited tag is held back; `flush()` releases it.
 *
 * Inside a think block only `</think>` counts, so a nested `<think>` is reasoning text. A `</think>`
 * outside one is kept as text: the content is passed through rather than silently edited.
 */
export class ThinkTagSplitter {
  private thinking = false;
  private held = '';

  /** True between `<think>` and `</think>`. */
  get inThink(): boolean {
    return this.thinking;
  }

  /** True while the end of earlier content is held back as a possible tag prefix. */
  get holding(): boolean {
    return this.held.length > 0;
  }

  /** Split one chunk of content; returns its complete segments in order. */
  push(chunk: string): ThinkSegment[] {
    const segments: ThinkSegment[] = [];
    const text = this.held.length > 0 ? this.held + chunk : chunk;
    this.held = '';
    let position = 0;
    for (;;) {
      const tag = this.thinking ? CLOSE_TAG : OPEN_TAG;
      const found = text.indexOf(tag, position);
      if (found === -1) break;
      this.add(segments, text.slice(position, found));
      this.thinking = !this.thinking;
      position = found + tag.length;
    }
    const keep = heldPrefixLength(text, position, this.thinking ? CLOSE_TAG : OPEN_TAG);
    this.add(segments, text.slice(position, text.length - keep));
    if (keep > 0) this.held = text.slice(text.length - keep);
    return segments;
  }

  /** The content ended: release held-back text (it was not a tag). */
  flush(): ThinkSegment[] {
    const segments: ThinkSegment[] = [];
    this.add(segments, this.held);
    this.held = '';
    return segments;
  }

  private add(segments: ThinkSegment[], text: string): void {
    if (text.length === 0) return;
    const kind = this.thinking ? 'reasoning' : 'text';
    const last = segments[segments.length - 1];
    // `a<think></think>b` gives two text pieces in a row; one segment is what a reader expects.
    if (last !== undefined && last.kind === kind) last.text += text;
    else segments.push({ kind, text });
  }
}

/** Length of the longest end of `text` (from `start`) that is a proper prefix of `tag`. */
function heldPrefixLength(text: string, start: number, tag: string): number {
  const available = text.length - start;
  if (available === 0 || text.lastIndexOf('<') < start) return 0;
  for (let length = Math.min(tag.length - 1, available); length > 0; length--) {
    if (text.startsWith(tag.slice(0, length), text.length - length)) return length;
  }
  return 0;
}
