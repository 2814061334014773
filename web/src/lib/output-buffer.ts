import type { ToolCall, ToolCallFragment } from '@manifold/core/contract/tool-call';
import { mergeToolCalls } from '@manifold/core/protocol/merge-tool-calls';

/** The clock the buffer runs on; inject fake ones in tests. */
export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  /** Current time in ms. */
  now(): number;
}

/** Non-smooth mode: text and reasoning are shown in batches this often (SPEC §4). */
export const FLUSH_INTERVAL_MS = 300;
/** Smooth mode: default start speed in characters per second (SPEC §4). */
export const DEFAULT_SPEED = 10;
/** Smooth mode: one animation frame every this many ms (about 60 frames a second). */
export const FRAME_MS = 16;
/** Smooth mode: a queue is shown within about this many seconds of its last growth. */
export const DRAIN_SECONDS = 1;
/** Smooth mode: characters of tool-call arguments revealed per call and frame (SPEC §4). */
export const TOOL_CALL_CHUNK = 16;

/** Options of `createOutputBuffer`. */
export interface OutputBufferOptions {
  /** Animate characters (`responseAnimation: "smooth"`) instead of 300 ms batches. */
  smooth: boolean;
  /** Smooth mode start speed in characters per second (default 10; a provider's `speed`). */
  speed?: number;
  /** Receives text to append to the answer (a delta, never the whole text). */
  onText(text: string): void;
  /** Receives reasoning to append (a delta). */
  onReasoning(text: string): void;
  /** Receives the whole list of tool calls as far as revealed (a new array each time). */
  onToolCalls(calls: ToolCall[]): void;
  /** Timers and clock; default the global `setTimeout`, `clearTimeout` and `Date.now`. */
  timers?: Timers;
}

/** The display pacer of one streamed answer. */
export interface OutputBuffer {
  /** Queue text (empty strings are ignored, as is anything after `stop` or `finish`). */
  pushText(text: string): void;
  /** Queue reasoning. */
  pushReasoning(text: string): void;
  /** Merge tool-call fragments (`mergeToolCalls`) and queue their display. */
  pushToolCalls(fragments: ToolCallFragment[]): void;
  /**
   * The stream is done. Non-smooth: flushes the buffers at once. Smooth: lets the animation drain
   * (within about `DRAIN_SECONDS`, see the rate formula) and resolves once everything is shown.
   */
  finish(): Promise<void>;
  /** Abort: show everything that has arrived at once, stop all timers, resolve `finish`. */
  stop(): void;
}

const defaultTimers: Timers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  now: () => Date.now(),
};

/** End of a cut at `end` moved past a high surrogate so a pair is never split. */
function safeEnd(text: string, end: number): number {
  if (end >= text.length) return text.length;
  const code = text.charCodeAt(end - 1);
  return code >= 0xd800 && code <= 0xdbff ? end + 1 : end;
}

/** A character queue of the smooth animation. */
interface CharQueue {
  pending: string;
  /** Current speed in characters per second. */
  rate: number;
  /** Fractional characters carried to the next frame. */
  budget: number;
  emit(text: string): void;
}

/**
 * Pace the display of a streamed answer (SPEC §4, reference §6.3).
 *
 * - Non-smooth: text and reasoning are collected; the first chunk after a flush starts a 300 ms
 *   timer, and when it fires both buffers are sent (reasoning first). Tool calls are sent at once,
 *   merged, on every push.
 * - Smooth: each of text and reasoning has a character queue shown frame by frame (`FRAME_MS`).
 *   Per frame the queue's rate is `rate = max(rate, speed, queueLength / DRAIN_SECONDS)` chars/s
 *   (it only falls back to `speed` once the queue is empty), so a long queue speeds the animation
 *   up and every queue is empty about `DRAIN_SECONDS` after its last growth; the frame emits
 *   `floor(budget += rate × elapsedMs / 1000)` characters in one call. Tool-call arguments are
 *   revealed `TOOL_CALL_CHUNK` (16) characters per call and frame.
 */
export function createOutputBuffer(options: OutputBufferOptions): OutputBuffer {
  const timers = options.timers ?? defaultTimers;
  const speed = options.speed !== undefined && options.speed > 0 ? options.speed : DEFAULT_SPEED;
  let closed = false;
  let timer: unknown;
  let timerSet = false;
  let finishing: { promise: Promise<void>; resolve: () => void } | undefined;

  // Non-smooth buffers.
  let textBuffer = '';
  let reasoningBuffer = '';

  // Smooth queues and tool-call reveal state.
  const queue = (emit: (text: string) => void): CharQueue => ({
    pending: '',
    rate: speed,
    budget: 0,
    emit,
  });
  const text = queue((value) => options.onText(value));
  const reasoning = queue((value) => options.onReasoning(value));
  let calls: ToolCall[] = [];
  /** Characters of arguments shown, by call index (a late lower index must not shift them). */
  let revealed = new Map<number, number>();
  const shownOf = (call: ToolCall, position: number) => revealed.get(call.index ?? position) ?? 0;
  let toolsDirty = false;
  let lastFrame = 0;

  const clearTimer = () => {
    if (timerSet) timers.clearTimeout(timer);
    timerSet = false;
  };

  const flushBuffers = () => {
    timerSet = false;
    if (reasoningBuffer) options.onReasoning(reasoningBuffer);
    if (textBuffer) options.onText(textBuffer);
    reasoningBuffer = '';
    textBuffer = '';
  };

  const hasWork = () =>
    text.pending !== '' ||
    reasoning.pending !== '' ||
    toolsDirty ||
    calls.some((call, position) => shownOf(call, position) < call.function.arguments.length);

  const emitTools = () => {
    toolsDirty = false;
    options.onToolCalls(
      calls.map((call, position) => ({
        ...call,
        function: {
          ...call.function,
          arguments: call.function.arguments.slice(0, shownOf(call, position)),
        },
      })),
    );
  };

  const stepQueue = (q: CharQueue, elapsed: number) => {
    if (q.pending === '') {
      q.rate = speed;
      q.budget = 0;
      return;
    }
    q.rate = Math.max(q.rate, speed, q.pending.length / DRAIN_SECONDS);
    q.budget += (q.rate * elapsed) / 1000;
    const count = Math.floor(q.budget);
    if (count <= 0) return;
    const end = safeEnd(q.pending, count);
    const chunk = q.pending.slice(0, end);
    q.pending = q.pending.slice(end);
    q.budget = q.pending === '' ? 0 : Math.max(0, q.budget - end);
    q.emit(chunk);
  };

  const frame = () => {
    timerSet = false;
    const now = timers.now();
    const elapsed = Math.max(0, now - lastFrame);
    lastFrame = now;
    stepQueue(reasoning, elapsed);
    stepQueue(text, elapsed);
    let grew = false;
    calls.forEach((call, position) => {
      const shown = shownOf(call, position);
      const args = call.function.arguments;
      if (shown >= args.length) return;
      revealed.set(call.index ?? position, safeEnd(args, shown + TOOL_CALL_CHUNK));
      grew = true;
    });
    if (grew || toolsDirty) emitTools();
    if (hasWork()) schedule();
    else finishing?.resolve();
  };

  function schedule() {
    if (timerSet) return;
    if (!options.smooth) {
      timer = timers.setTimeout(flushBuffers, FLUSH_INTERVAL_MS);
    } else {
      timer = timers.setTimeout(frame, FRAME_MS);
    }
    timerSet = true;
  }

  const startAnimation = () => {
    if (timerSet) return;
    lastFrame = timers.now();
    schedule();
  };

  const showAll = () => {
    clearTimer();
    if (!options.smooth) {
      flushBuffers();
      return;
    }
    for (const q of [reasoning, text]) {
      if (q.pending) q.emit(q.pending);
      q.pending = '';
    }
    const hidden = calls.some(
      (call, position) => shownOf(call, position) < call.function.arguments.length,
    );
    revealed = new Map(
      calls.map((call, position) => [call.index ?? position, call.function.arguments.length]),
    );
    if (hidden || toolsDirty) emitTools();
  };

  const push = (q: CharQueue, value: string, isText: boolean) => {
    if (closed || !value) return;
    if (options.smooth) {
      q.pending += value;
      startAnimation();
      return;
    }
    if (isText) textBuffer += value;
    else reasoningBuffer += value;
    schedule();
  };

  return {
    pushText: (value) => push(text, value, true),
    pushReasoning: (value) => push(reasoning, value, false),
    pushToolCalls(fragments) {
      if (closed || fragments.length === 0) return;
      calls = mergeToolCalls(calls, fragments);
      if (!options.smooth) {
        options.onToolCalls(calls);
        return;
      }
      toolsDirty = true;
      startAnimation();
    },
    finish() {
      if (finishing) return finishing.promise;
      let resolve!: () => void;
      const promise = new Promise<void>((done) => (resolve = done));
      finishing = { promise, resolve };
      closed = true;
      if (!options.smooth || !hasWork()) {
        showAll();
        resolve();
      }
      return promise;
    },
    stop() {
      closed = true;
      showAll();
      finishing?.resolve();
    },
  };
}
