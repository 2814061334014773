import { leanFetch } from '@manifold/transport';
import type { ProviderRuntime, RuntimeOptions } from '@manifold/core/contract/runtime';
import { ManifoldError } from '@manifold/core/errors/manifold-error';
import { isAbort } from '@manifold/core/errors/upstream-error';
import { convertRequest, modelPath } from './convert-request.js';
import { BflError, createBflErrorMapper } from './errors.js';
import { pause, pollSettings } from '@manifold/core/media/poll';

/** A task as `GET polling_url` reports it (docs.bfl.ai: `id, status, result, progress, details`). */
interface BflTask {
  status?: string;
  result?: { sample?: unknown } | null;
}

/** Task states that end without an image → what the caller is told. */
const FAILED: Record<string, [string, NonNullable<BflError['reason']>]> = {
  'Request Moderated': [
    'Black Forest Labs refused the prompt (Request Moderated); rephrase it and try again',
    'moderated',
  ],
  'Content Moderated': [
    'Black Forest Labs withheld the generated image (Content Moderated); try another prompt',
    'moderated',
  ],
  Error: ['Black Forest Labs could not generate the image (Error)', 'failed'],
  'Task not found': ['Black Forest Labs lost the task (Task not found)', 'not_found'],
};

async function bodyOf(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * The Black Forest Labs runtime, images only: each image is one task, `POST {base}/{model}` with
 * `x-key`, then `GET polling_url` (every `BFL_POLL_INTERVAL_MS`, at most `BFL_POLL_TIMEOUT_MS`)
 * until `Ready` gives `result.sample`. `n` images are `n` tasks in parallel; the first failure
 * cancels the others' polling. Construction throws InvalidProviderAPIKey without a key.
 */
export function createBflRuntime(options: RuntimeOptions, defaultBaseURL: string): ProviderRuntime {
  const provider = options.providerId;
  if (!options.apiKey) {
    throw new ManifoldError('InvalidProviderAPIKey', {
      provider,
      message: 'Black Forest Labs needs an API key',
    });
  }
  const base = (options.baseURL ?? defaultBaseURL).replace(/\/+$/, '');
  const fetch = options.fetch ?? leanFetch;
  const settings = pollSettings(options.env, 'BFL', { intervalMs: 500, timeoutMs: 300_000 });
  const headers = {
    'x-key': options.apiKey,
    'content-type': 'application/json',
    accept: 'application/json',
  };
  const call = async (url: string, signal: AbortSignal, body?: unknown): Promise<unknown> => {
    const response = await fetch(url, {
      method: body === undefined ? 'GET' : 'POST',
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal,
    });
    const answer = await bodyOf(response);
    if (!response.ok) throw new BflError(response.status, answer);
    return answer;
  };

  async function runTask(path: string, body: unknown, signal: AbortSignal): Promise<string> {
    const submitted = (await call(`${base}/${path}`, signal, body)) as
      { id?: string; polling_url?: string } | undefined;
    const pollingURL =
      submitted?.polling_url ?? `${base}/get_result?id=${encodeURIComponent(submitted?.id ?? '')}`;
    const deadline = Date.now() + settings.timeoutMs;
    for (;;) {
      const task = (await call(pollingURL, signal)) as BflTask | undefined;
      const status = String(task?.status);
      if (status === 'Ready') {
        const sample = task?.result?.sample;
        if (typeof sample === 'string' && sample !== '') return sample;
        throw new BflError(
          undefined,
          task,
          'Black Forest Labs finished without an image',
          'failed',
        );
      }
      const failure = FAILED[status];
      if (failure) throw new BflError(undefined, task, ...failure);
      await pause(settings, deadline, { provider, name: 'Black Forest Labs', signal });
    }
  }

  return {
    async chat() {
      throw new ManifoldError('BadRequest', {
        provider,
        message: 'Black Forest Labs only generates images: use POST /webapi/text-to-image/bfl',
      });
    },

    async textToImage(request, context) {
      const { signal } = context;
      const mapError = createBflErrorMapper({
        provider,
        baseURL: base,
        custom: options.customBaseURL === true,
        apiKey: options.apiKey,
        logger: options.logger,
        signal,
      });
      const path = modelPath(request.model, provider);
      const body = convertRequest(request);
      const group = new AbortController();
      const leave = () => group.abort(signal.reason);
      signal.addEventListener('abort', leave, { once: true });
      try {
        return await Promise.all(
          Array.from({ length: request.n ?? 1 }, () =>
            runTask(path, body, group.signal).catch((error: unknown) => {
              group.abort(error);
              throw error;
            }),
          ),
        );
      } catch (error) {
        if (isAbort(error, signal)) throw signal.reason ?? error;
        throw mapError(error);
      } finally {
        signal.removeEventListener('abort', leave);
      }
    },
  };
}
