import type { Citation, Grounding } from '../contract/grounding.js';
import type { StreamEvent } from '../contract/stream-event.js';
import type { Usage } from '../contract/usage.js';
import { ManifoldError } from '../errors/manifold-error.js';
import { toStreamError } from '../errors/response.js';
import { computeSpeed } from './compute-speed.js';
import { dropEmpty } from './convert-usage.js';
import { upstreamLimits } from './limits.js';
import { newStreamId, newToolCallId } from './random-id.js';
import type { StreamPart } from './stream-part.js';
import { ThinkTagSplitter } from './think-splitter.js';

/** Most citations and search queries one stream's grounding keeps (more are dropped). */
const MAX_CITATIONS = 1000;
const MAX_SEARCH_QUERIES = 100;

/** Message of the error sent when the upstream closed before its end marker or a finish reason. */
export const UNEXPECTED_END_MESSAGE = 'The provider closed the stream before it finished';

type EventData<K extends StreamEvent['event']> = Extract<StreamEvent, { event: K }>['data'];

/** One tool call of the stream, by index. */
interface CallState {
  id: string | undefined;
  name: string;
  /** Arguments received while the name was still unknown. */
  buffered: string;
  /** A fragment was emitted: id and name are final. */
  open: boolean;
}

/** The error for a stream that ended without end marker and without finish reason. */
export function unexpectedEndError(provider: string): ManifoldError {
  return new ManifoldError('ProviderBizError', {
    reason: 'unexpected_end',
    provider,
    message: UNEXPECTED_END_MESSAGE,
  });
}

/**
 * The state machine behind `buildEventStream`: turns parts into CONTRACT §4 events, pushed onto
 * `out` (drained by the caller after each call). Not meant for direct use.
 */
export class EventAssembler {
  /** Events produced by the last call; the caller empties it. */
  readonly out: StreamEvent[] = [];
  private id: string | undefined;
  private contentSent = false;
  private readonly splitter: ThinkTagSplitter | undefined;
  private readonly calls = new Map<number, CallState>();
  /** Every citation of the stream, by URL (the first report of a URL wins), sent once before stop. */
  private readonly citations = new Map<string, Citation>();
  private readonly searchQueries: string[] = [];
  private groundingSent = false;
  private usage: Usage | undefined;
  private finishReason: string | undefined;
  private firstOutputAt: number | undefined;
  private outputChunks = 0;

  constructor(
    private readonly provider: string,
    private readonly startedAt: number,
    private readonly now: () => number,
    splitThinkTags: boolean,
  ) {
    this.splitter = splitThinkTags ? new ThinkTagSplitter() : undefined;
  }

  /** Handle one part; returns true when the stream is over (end marker or error). */
  handle(part: StreamPart): boolean {
    switch (part.type) {
      case 'id':
        if (this.id === undefined && part.id !== '') this.id = part.id;
        return false;
      case 'text':
        this.text(part.text);
        return false;
      case 'reasoning':
        if (part.text !== '') this.output('reasoning', part.text);
        return false;
      case 'reasoning_signature':
        if (part.signature !== '') this.content('reasoning_signature', part.signature);
        return false;
      case 'flagged_reasoning_signature':
        if (part.data !== '') this.content('flagged_reasoning_signature', part.data);
        return false;
      case 'tool_call':
        this.toolCall(part.index, part.id, part.name, part.arguments ?? '');
        return false;
      case 'grounding':
        this.addGrounding(part.grounding);
        return false;
      case 'usage':
        this.usage = part.usage;
        return false;
      case 'finish':
        if (part.reason !== '') this.finishReason = part.reason;
        return false;
      case 'image':
        this.content('base64_image', part.url);
        return false;
      case 'data':
        this.emit('data', part.data);
        return false;
      case 'end':
        this.finish();
        return true;
      case 'error':
        this.fail(part.error);
        return true;
    }
  }

  /** The source completed: a finish reason seen makes it a proper end, else it was cut. */
  sourceEnded(): void {
    if (this.finishReason !== undefined) this.finish();
    else this.fail(unexpectedEndError(this.provider));
  }

  /** End the stream with one `error` event. */
  fail(error: ManifoldError): void {
    this.flushContent();
    const id = this.contentSent ? this.streamId() : 'first_chunk_error';
    // the same payload (sanitised body, catalogue message) as the HTTP error of CONTRACT §7
    const data = toStreamError(error);
    data.body.provider ??= this.provider;
    this.out.push({ id, event: 'error', data });
  }

  private finish(): void {
    this.flushContent();
    this.emit('stop', this.finishReason ?? 'stop');
    const usage = this.usage === undefined ? undefined : dropEmpty(this.usage);
    const hasUsage = usage !== undefined && Object.keys(usage).length > 0;
    if (hasUsage) this.emit('usage', usage);
    if (this.firstOutputAt === undefined) return;
    const speed = computeSpeed({
      startedAt: this.startedAt,
      firstOutputAt: this.firstOutputAt,
      endAt: this.now(),
      outputChunks: this.outputChunks,
      usage: hasUsage ? usage : undefined,
    });
    this.out.push({ id: 'output_speed', event: 'speed', data: speed });
  }

  private text(value: string): void {
    if (value === '') return;
    const splitter = this.splitter;
    // Fast path: nothing held back and no tag can start in this chunk.
    if (splitter === undefined || (!splitter.holding && value.indexOf('<') === -1)) {
      this.output(splitter?.inThink === true ? 'reasoning' : 'text', value);
      return;
    }
    const segments = splitter.push(value);
    if (segments.length === 0) return;
    this.markOutput();
    for (const segment of segments) this.content(segment.kind, segment.text);
  }

  private toolCall(index: number, id: string | undefined, name: string | undefined, args: string) {
    let call = this.calls.get(index);
    if (call === undefined) {
      call = { id: id || undefined, name: name ?? '', buffered: '', open: false };
      this.calls.set(index, call);
    } else if (!call.open) {
      if (call.id === undefined && id) call.id = id;
      if (call.name === '' && name) call.name = name;
    }
    if (call.open) {
      if (args !== '') this.emitCall(index, call, args);
      return;
    }
    // A call is announced once its name is known, so every fragment carries its real name; an
    // upstream that never names it cannot make the gateway hold more than a body's worth.
    call.buffered += args;
    if (call.name !== '' || call.buffered.length > upstreamLimits().maxBodyBytes)
      this.openCall(index, call);
  }

  private openCall(index: number, call: CallState): void {
    call.open = true;
    call.id ??= newToolCallId();
    const args = call.buffered;
    call.buffered = '';
    this.emitCall(index, call, args);
  }

  private emitCall(index: number, call: CallState, args: string): void {
    this.markOutput();
    this.content('tool_calls', [
      {
        index,
        id: call.id as string,
        type: 'function',
        function: { name: call.name, arguments: args },
      },
    ]);
  }

  /**
   * Collect a grounding report. Providers report sources over several chunks (one `url_citation`
   * per chunk, annotations after the text, the whole list repeated on every chunk), and CONTRACT §4
   * allows one event: so every report is merged and the event waits for the end of the content.
   */
  private addGrounding(grounding: Grounding): void {
    if (this.groundingSent) return;
    for (const citation of grounding.citations) {
      if (this.citations.size >= MAX_CITATIONS) break;
      if (!this.citations.has(citation.url)) this.citations.set(citation.url, citation);
    }
    for (const query of grounding.searchQueries ?? []) {
      if (this.searchQueries.length >= MAX_SEARCH_QUERIES) break;
      if (!this.searchQueries.includes(query)) this.searchQueries.push(query);
    }
  }

  /**
   * Release think-splitter text held back as a possible tag, calls whose name never came, then the
   * one grounding with every citation of the stream (the last content event, before stop or error).
   */
  private flushContent(): void {
    if (this.splitter?.holding === true) {
      this.markOutput();
      for (const segment of this.splitter.flush()) this.content(segment.kind, segment.text);
    }
    for (const [index, call] of this.calls) if (!call.open) this.openCall(index, call);
    if (!this.groundingSent && this.citations.size > 0) {
      this.groundingSent = true;
      const grounding: Grounding = { citations: [...this.citations.values()] };
      if (this.searchQueries.length > 0) grounding.searchQueries = [...this.searchQueries];
      this.content('grounding', grounding);
    }
  }

  private output(kind: 'text' | 'reasoning', value: string): void {
    this.markOutput();
    this.content(kind, value);
  }

  private markOutput(): void {
    this.firstOutputAt ??= this.now();
    this.outputChunks++;
  }

  private content<K extends StreamEvent['event']>(event: K, data: EventData<K>): void {
    this.contentSent = true;
    this.emit(event, data);
  }

  private emit<K extends StreamEvent['event']>(event: K, data: EventData<K>): void {
    this.out.push({ id: this.streamId(), event, data } as StreamEvent);
  }

  private streamId(): string {
    this.id ??= newStreamId();
    return this.id;
  }
}
