import type { ChatRequest } from '@manifold/core/contract/chat-request';
import type { StreamEvent } from '@manifold/core/contract/stream-event';
import type { Usage } from '@manifold/core/contract/usage';
import { isManifoldError } from '@manifold/core/errors/manifold-error';
import { errorStatus } from '@manifold/core/errors/status';
import type { TraceRequest } from '../auth.js';
import { CLIENT_CLOSED_STATUS } from '../error-handler.js';
import { OTHER_LABEL, type GatewayMetrics } from '../metrics/metrics.js';
import type { ChatTarget } from '../resilience/targets.js';
import type { SpanHandle, Tracer } from '../tracing/tracer.js';
import { ObservedEvents } from './observed-events.js';

/** What a chat is observed with: the gateway's metrics, its tracer (when tracing is on). */
export interface ObservationTools {
  metrics: GatewayMetrics;
  tracer: Tracer | undefined;
  /** True for a provider this gateway has (others are labelled `_other`). */
  known(provider: string): boolean;
}

/** The chat being observed. */
export interface ObservedChat {
  /** The route it came by (`/webapi/chat/:provider`), the `route` label. */
  endpoint: string;
  target: ChatTarget;
  request: ChatRequest;
  trace: TraceRequest | undefined;
  startedAt: number;
  signal: AbortSignal;
}

/** One upstream call of a chat (a retry or a fallback is another). */
export interface Attempt {
  target: ChatTarget;
  span: SpanHandle | undefined;
}

const seconds = (ms: number) => ms / 1000;

/** The request's GenAI semantic-convention attributes (no message content: that is the user's). */
function requestAttributes(target: ChatTarget, request: ChatRequest) {
  return {
    'gen_ai.operation.name': 'chat',
    'gen_ai.provider.name': target.provider,
    'gen_ai.system': target.provider,
    'gen_ai.request.model': target.model,
    'gen_ai.request.temperature': request.temperature,
    'gen_ai.request.top_p': request.top_p,
    'gen_ai.request.max_tokens': request.max_tokens,
    'gen_ai.request.frequency_penalty': request.frequency_penalty,
    'gen_ai.request.presence_penalty': request.presence_penalty,
  };
}

/**
 * Metrics and the trace of one chat, counted in one place (CONTRACT §10): each failed upstream
 * attempt, then either the failure that ended the chat or its events as they pass (tokens and
 * time to first output from the `usage` and `speed` events, an `error` event, the end).
 * `manifold_requests_total` gets one count per chat, with the status the client got: 200, the
 * error's status (also for a stream that ended in an `error` event after its 200), or 499 when
 * the client left first.
 */
export class ChatObservation {
  private readonly span: SpanHandle | undefined;
  private served: ChatTarget;
  private usage: Usage | undefined;
  private ttftMs: number | undefined;
  private streamError: { type: string | number; message: string } | undefined;
  private stop: string | undefined;
  private responseId: string | undefined;

  constructor(
    private readonly tools: ObservationTools,
    private readonly chat: ObservedChat,
  ) {
    this.served = chat.target;
    const { trace } = chat;
    if (tools.tracer && trace) {
      this.span = tools.tracer.startRequestSpan(
        `chat ${chat.target.model}`,
        { traceId: trace.traceId, spanId: trace.observationId, parent: trace.parent },
        {
          ...requestAttributes(chat.target, chat.request),
          'gen_ai.conversation.id': trace.topicId,
          'session.id': trace.sessionId,
          'manifold.tags': trace.tags,
        },
        chat.startedAt,
      );
    }
  }

  /** An upstream call begins: its span, a child of the chat's. */
  attempt(target: ChatTarget, number: number): Attempt {
    const span = this.span?.child(`upstream ${target.provider}`, 'client', {
      ...requestAttributes(target, this.chat.request),
      'manifold.attempt': number,
    });
    return { target, span };
  }

  /** An attempt failed; `upstream` when the provider refused it (not our own check before). */
  attemptFailed(attempt: Attempt, error: unknown, upstream: boolean): void {
    const type = isManifoldError(error) ? error.errorType : 'AgentRuntimeError';
    if (upstream && !this.chat.signal.aborted)
      this.tools.metrics.upstreamErrors.inc({ provider: this.label(attempt.target), type });
    if (attempt.span) {
      const status = isManifoldError(error) ? error.upstream?.status : undefined;
      if (status !== undefined) attempt.span.setAttributes({ 'http.response.status_code': status });
      attempt.span.fail(type, error instanceof Error ? error.message : undefined);
      attempt.span.end();
    }
  }

  /** The chat failed before any event: count it and close its span. */
  failed(error: unknown, target: ChatTarget): void {
    this.served = target;
    const aborted = this.chat.signal.aborted;
    const type = isManifoldError(error) ? error.errorType : 'AgentRuntimeError';
    this.count(aborted ? CLIENT_CLOSED_STATUS : errorStatus(type));
    if (this.span) {
      this.span.fail(
        aborted ? 'aborted' : type,
        error instanceof Error ? error.message : undefined,
      );
      this.span.end();
    }
  }

  /** The upstream accepted the chat: its events, observed as they pass. */
  answering(
    attempt: Attempt,
    events: AsyncIterable<StreamEvent>,
    route: string,
  ): AsyncIterable<StreamEvent> {
    this.served = attempt.target;
    this.span?.setAttributes({
      'gen_ai.response.model': attempt.target.model,
      'manifold.route': route,
    });
    const metrics = this.tools.metrics;
    metrics.openStreams.inc();
    return new ObservedEvents(
      events,
      {
        event: (event) => {
          this.responseId ??= event.id;
          switch (event.event) {
            case 'usage':
              this.usage = event.data;
              break;
            case 'speed':
              this.ttftMs = event.data.ttft;
              break;
            case 'stop':
              this.stop = event.data;
              break;
            case 'error':
              this.streamError = event.data;
              break;
          }
        },
        end: ({ error, early }) => {
          metrics.openStreams.dec();
          this.ended(attempt, error, early);
        },
      },
      this.chat.signal,
    );
  }

  private ended(attempt: Attempt, error: unknown, early: boolean): void {
    // A reader that stops without an error or an error event is a client that left (its close
    // may not have fired the signal yet when the writer sees the socket destroyed).
    const left =
      this.chat.signal.aborted || (early && error === undefined && this.streamError === undefined);
    const failure =
      this.streamError?.type ?? (error === undefined ? undefined : 'AgentRuntimeError');
    if (failure !== undefined && !left)
      this.tools.metrics.upstreamErrors.inc({
        provider: this.label(attempt.target),
        type: failure,
      });
    this.count(left ? CLIENT_CLOSED_STATUS : failure !== undefined ? errorStatus(failure) : 200);
    const labels = this.labels();
    const { usage } = this;
    if (usage) {
      const tokens = this.tools.metrics.tokens;
      const add = (kind: string, count: number | undefined) => {
        if (count) tokens.inc({ ...labels, kind }, count);
      };
      add('input', usage.totalInputTokens);
      add('output', usage.totalOutputTokens);
      add('cached', usage.inputCachedTokens);
      add('reasoning', usage.outputReasoningTokens);
    }
    if (this.ttftMs !== undefined) this.tools.metrics.ttft.observe(labels, seconds(this.ttftMs));
    for (const span of [attempt.span, this.span]) {
      if (!span) continue;
      span.setAttributes({
        'gen_ai.response.id': this.responseId,
        'gen_ai.response.finish_reasons': this.stop === undefined ? undefined : [this.stop],
        'gen_ai.usage.input_tokens': usage?.totalInputTokens,
        'gen_ai.usage.output_tokens': usage?.totalOutputTokens,
        'gen_ai.usage.cache_read.input_tokens': usage?.inputCachedTokens,
        'manifold.ttft_ms': this.ttftMs,
      });
      if (left) span.fail('aborted', 'The client left before the end of the answer');
      else if (failure !== undefined) span.fail(failure, this.streamError?.message);
      span.end();
    }
  }

  private label(target: ChatTarget): string {
    return this.tools.known(target.provider) ? target.provider : OTHER_LABEL;
  }

  private labels(): { provider: string; model: string } {
    const provider = this.label(this.served);
    return { provider, model: this.tools.metrics.modelLabel(provider, this.served.model) };
  }

  private count(status: number): void {
    const labels = this.labels();
    this.tools.metrics.requests.inc({
      route: this.chat.endpoint,
      ...labels,
      status: String(status),
    });
    this.tools.metrics.duration.observe(labels, seconds(Date.now() - this.chat.startedAt));
  }
}
