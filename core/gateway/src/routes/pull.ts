import { Type } from 'typebox';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preHandlerAsyncHookHandler,
} from 'fastify';
import type { PullProgress } from '@manifold/core/contract/runtime';
import { isManifoldError, ManifoldError } from '@manifold/core/errors/manifold-error';
import { errorMessage, toErrorResponse, type ErrorPayload } from '@manifold/core/errors/response';
import { clientAbortSignal, ProviderParamsSchema, vaultOf } from './chat.js';
import { drainedOrClosed } from '../sse-reply.js';

/** Body of `POST /webapi/models/:provider/pull`. */
export const PullRequestSchema = Type.Object({
  /** The model to download, as the provider names it (e.g. `llama3.2`, `qwen3:8b`). */
  model: Type.String({ minLength: 1, maxLength: 256 }),
});

/** Headers of a pull stream: newline-delimited JSON, never cached or buffered by proxies. */
export const PULL_HEADERS = {
  'content-type': 'application/x-ndjson; charset=utf-8',
  'cache-control': 'no-cache',
  'x-accel-buffering': 'no',
} as const;

/** Status of a pull the client cancelled before the upstream accepted it ("client closed request"). */
export const PULL_CANCELLED_STATUS = 499;

/** The last line of a pull the client cancelled. */
export const CANCELLED_LINE = '{"status":"cancelled"}\n';

/** One progress report as a line: only `status, completed, total, digest` (CONTRACT §3). */
export function progressLine(progress: PullProgress): string {
  const line: PullProgress = { status: progress.status };
  if (typeof progress.completed === 'number') line.completed = progress.completed;
  if (typeof progress.total === 'number') line.total = progress.total;
  if (typeof progress.digest === 'string') line.digest = progress.digest;
  return `${JSON.stringify(line)}\n`;
}

/** The last line of a pull that failed after it started: `{status: "error", errorType, message}`. */
export function errorLine(error: unknown, provider: string): string {
  const { payload } = toErrorResponse(error);
  const given = payload.body.message;
  const message =
    typeof given === 'string' && given !== ''
      ? given
      : errorMessage(payload.errorType, 'en', { provider });
  return `${JSON.stringify({ status: 'error', errorType: payload.errorType, message })}\n`;
}

/**
 * The lines of a started pull: one per progress report, as it comes. When the client's signal
 * fires the progress is stopped (the upstream pull is cancelled with it) and the last line is
 * `{"status":"cancelled"}`; a failure ends it with `errorLine`.
 */
export async function* pullStreamLines(
  progress: AsyncIterable<PullProgress>,
  signal: AbortSignal,
  provider: string,
): AsyncGenerator<string> {
  try {
    for await (const report of progress) {
      if (signal.aborted) break;
      yield progressLine(report);
    }
  } catch (error) {
    if (!signal.aborted) {
      yield errorLine(error, provider);
      return;
    }
  }
  if (signal.aborted) yield CANCELLED_LINE;
}

/** Write the lines to the raw response, each at once, waiting for `drain` under backpressure. */
async function writeLines(reply: FastifyReply, lines: AsyncIterable<string>): Promise<void> {
  const response = reply.raw;
  reply.hijack();
  response.writeHead(200, PULL_HEADERS);
  response.flushHeaders();
  try {
    for await (const line of lines) {
      // the client is gone: stopping the lines stops the upstream pull
      if (response.destroyed) break;
      if (!response.write(line)) await drainedOrClosed(response);
    }
  } finally {
    if (!response.destroyed) response.end();
  }
}

/**
 * `POST /webapi/models/:provider/pull` (CONTRACT §3): downloads a model to a local server and
 * streams its progress as NDJSON (`application/x-ndjson`), one `{status, completed?, total?,
 * digest?}` line per upstream report, written as it arrives.
 * - A provider without `pull` → 405. Unknown provider, auth and body errors as on every route.
 * - Failure to start (the upstream refused or cannot be reached) → HTTP 500 with the CONTRACT §7
 *   body, whose `errorType` keeps the catalogue type (e.g. `OllamaServiceUnavailable`). When the
 *   client went away first → 499 `{"errorType":499,"body":{"status":"cancelled",…}}`, which only
 *   the access log sees (the socket is closed).
 * - Client abort after the start → the upstream pull is cancelled at once; the last line is
 *   `{"status":"cancelled"}` (written only if the socket is still writable, so usually unseen).
 * - Failure after the start → a last line `{"status":"error","errorType":…,"message":…}`.
 */
export function registerPullRoute(
  app: FastifyInstance,
  options: { authenticate: preHandlerAsyncHookHandler },
): void {
  app.post(
    '/webapi/models/:provider/pull',
    {
      schema: { params: ProviderParamsSchema, body: PullRequestSchema },
      preHandler: options.authenticate,
    },
    async (request: FastifyRequest, reply: FastifyReply) => {
      const { provider } = request.params as { provider: string };
      const { model } = request.body as { model: string };
      const runtime = await app.registry.runtimeFor(provider, vaultOf(request.auth));
      if (!runtime.pull) {
        throw new ManifoldError(405, { message: `${provider} cannot pull models`, provider });
      }
      const signal = clientAbortSignal(reply);
      let progress: AsyncIterable<PullProgress>;
      try {
        progress = await runtime.pull(model, { signal, startedAt: Date.now() });
      } catch (error) {
        if (signal.aborted) {
          request.log.info(
            { provider, model, status: PULL_CANCELLED_STATUS },
            'model pull cancelled',
          );
          const payload: ErrorPayload = {
            errorType: PULL_CANCELLED_STATUS,
            body: { status: 'cancelled', message: 'The client cancelled the pull', provider },
          };
          return reply.code(PULL_CANCELLED_STATUS).send(payload);
        }
        const { payload } = toErrorResponse(error);
        if (isManifoldError(error)) {
          request.log.info({ errorType: payload.errorType, status: 500 }, 'model pull failed');
        } else {
          request.log.error({ err: error }, 'model pull failed unexpectedly');
        }
        return reply.code(500).send(payload);
      }
      await writeLines(reply, pullStreamLines(progress, signal, provider));
      if (signal.aborted) request.log.info({ provider, model }, 'model pull cancelled');
      return reply;
    },
  );
}
