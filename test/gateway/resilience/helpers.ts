/**
 * A gateway with the OpenAI and Anthropic providers in front of their fake upstreams (server keys),
 * its log kept as parsed lines, for the retry, fallback, metrics and tracing tests.
 */
import type { Test } from 'tap';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { builtinSources } from '@manifold/gateway/discovery';
import { startFakeAnthropic } from '@manifold/provider-kit/fakes/anthropic';
import { startFakeOpenAI } from '@manifold/provider-kit/fakes/openai';
import { authHeader } from '../../helpers/gateway.js';
import { startGateway } from '../../helpers/gateway.js';
import { ROOT } from '../../helpers/paths.js';

export const OPENAI_KEY = 'sk-server-openai-0123456789abcdef';
export const ANTHROPIC_KEY = 'sk-ant-api03-server-0123456789abcdef';
export const CLAUDE = 'claude-sonnet-4-5-20250929';

/** One pino line as an object. */
export type LogLine = Record<string, unknown> & { msg?: string };

export async function resilientGateway(t: Test, env: Record<string, string> = {}) {
  const openai = await startFakeOpenAI();
  t.teardown(() => openai.close());
  const anthropic = await startFakeAnthropic({ apiKey: ANTHROPIC_KEY });
  t.teardown(() => anthropic.close());
  const lines: LogLine[] = [];
  const sources = (await builtinSources(join(ROOT, 'providers'))).filter((source) =>
    ['openai', 'anthropic'].includes(source.label),
  );
  const { app, url } = await startGateway(
    t,
    {
      OPENAI_API_KEY: OPENAI_KEY,
      OPENAI_PROXY_URL: openai.baseURL,
      ANTHROPIC_API_KEY: ANTHROPIC_KEY,
      ANTHROPIC_PROXY_URL: anthropic.url,
      ...env,
    },
    {
      sources,
      logger: {
        level: 'debug',
        stream: { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) },
      },
    },
  );
  /** POST a chat; `signal` to leave early. */
  const chat = async (
    body: Record<string, unknown>,
    options: {
      provider?: string;
      token?: Record<string, string>;
      headers?: Record<string, string>;
      query?: string;
      signal?: AbortSignal;
    } = {},
  ) => {
    const response = await fetch(
      `${url}/webapi/chat/${options.provider ?? 'openai'}${options.query ?? ''}`,
      {
        method: 'POST',
        headers: { ...(await authHeader(options.token ?? {})), ...options.headers },
        body: JSON.stringify(body),
        ...(options.signal && { signal: options.signal }),
      },
    );
    return { status: response.status, headers: response.headers, text: await response.text() };
  };
  return { app: app as FastifyInstance, url, openai, anthropic, lines, chat };
}

/** A one-message chat of `model`. */
export const ask = (model = 'gpt-4o-mini', extra: Record<string, unknown> = {}) => ({
  model,
  messages: [{ role: 'user', content: 'Hi' }],
  ...extra,
});

/** The models the fake was asked for, in order. */
export const modelsAsked = (fake: { requests: Array<{ body: unknown }> }) =>
  fake.requests.map((request) => (request.body as { model?: string }).model);

/** Resolves once `check` holds, looking again every 10 ms (the test's timeout bounds it). */
export async function until(check: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 10));
}
