/** What the web-search tests share: a tool-call context over the real transport, and its log. */
import { leanFetch } from '@manifold/transport';
import type { ToolCallContext } from '@manifold/gateway/tools/types';

/** A logged line. */
export interface LogLine {
  level: 'debug' | 'info' | 'warn' | 'error';
  object: object;
  message?: string;
}

/**
 * A call context: the operator's backends through the plain transport, pages through `guarded`
 * (the plain transport too unless a test gives the public-only one).
 */
export function callContext(
  overrides: Partial<Omit<ToolCallContext, 'fetch'>> & {
    guarded?: typeof fetch;
    trusted?: typeof fetch;
  } = {},
): ToolCallContext & { log: LogLine[] } {
  const log: LogLine[] = [];
  const record =
    (level: LogLine['level']) =>
    (object: object, message?: string): void =>
      void log.push({ level, object, ...(message !== undefined && { message }) });
  return {
    signal: overrides.signal ?? new AbortController().signal,
    settings: overrides.settings ?? {},
    logger: overrides.logger ?? {
      debug: record('debug'),
      info: record('info'),
      warn: record('warn'),
      error: record('error'),
    },
    fetch: { trusted: overrides.trusted ?? leanFetch, guarded: overrides.guarded ?? leanFetch },
    log,
  };
}
