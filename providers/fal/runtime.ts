import { leanFetch } from '@manifold/transport';
import type { ProviderRuntime, RuntimeOptions } from '@manifold/core/contract/runtime';
import { ManifoldError } from '@manifold/core/errors/manifold-error';
import { isAbort } from '@manifold/core/errors/upstream-error';
import { convertRequest, modelPath } from './convert-request.js';
import { createFalErrorMapper, FalError } from './errors.js';
import { pause, pollSettings } from '@manifold/core/media/poll';

/** fal's queue answer to a submission (fal.ai/docs/documentation/model-apis/inference/queue). */
interface QueueSubmission {
  request_id?: string;
  status_url?: string;
  response_url?: string;
}

const PENDING = new Set(['IN_QUEUE', 'IN_PROGRESS']);

async function bodyOf(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The image URLs (or data URLs) of a finished request: `{images: [{url, width, height}]}`. */
function imagesOf(result: unknown): string[] {
  const images = (result as { images?: unknown } | null)?.images;
  const urls = Array.isArray(images)
    ? images
        .map((image) => (image as { url?: unknown } | null)?.url)
        .filter((url): url is string => typeof url === 'string' && url !== '')
    : [];
  if (urls.length === 0) throw new FalError(undefined, 'fal finished the request without images');
  return urls;
}

/**
 * The fal runtime, images only: submit to `POST {queue}/{model}` with `Authorization: Key …`,
 * poll the returned `status_url` until the request leaves IN_QUEUE / IN_PROGRESS (every
 * `FAL_POLL_INTERVAL_MS`, at most `FAL_POLL_TIMEOUT_MS`), then read `response_url`. A request
 * that failed in the queue answers its `response_url` with the error, which is mapped like a
 * refused submission. Construction throws InvalidProviderAPIKey without a key.
 */
export function createFalRuntime(options: RuntimeOptions, defaultBaseURL: string): ProviderRuntime {
  const provider = options.providerId;
  if (!options.apiKey) {
    throw new ManifoldError('InvalidProviderAPIKey', { provider, message: 'fal needs an API key' });
  }
  const base = (options.baseURL ?? defaultBaseURL).replace(/\/+$/, '');
  const fetch = options.fetch ?? leanFetch;
  const settings = pollSettings(options.env, 'FAL', { intervalMs: 1000, timeoutMs: 300_000 });
  const headers = {
    authorization: `Key ${options.apiKey}`,
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
    if (!response.ok) throw new FalError(response.status, answer);
    return answer;
  };

  return {
    async chat() {
      throw new ManifoldError('BadRequest', {
        provider,
        message: 'fal only generates images: use POST /webapi/text-to-image/fal',
      });
    },

    async textToImage(request, context) {
      const { signal } = context;
      const mapError = createFalErrorMapper({
        provider,
        baseURL: base,
        custom: options.customBaseURL === true,
        apiKey: options.apiKey,
        logger: options.logger,
        signal,
      });
      const path = modelPath(request.model, provider);
      try {
        const submitted = (await call(`${base}/${path}`, signal, convertRequest(request))) as
          QueueSubmission | undefined;
        // Status and result live under the app id (the first two segments), not the subpath.
        const requestURL = `${base}/${path.split('/').slice(0, 2).join('/')}/requests/${encodeURIComponent(submitted?.request_id ?? '')}`;
        const statusURL = submitted?.status_url ?? `${requestURL}/status`;
        const responseURL = submitted?.response_url ?? requestURL;
        const deadline = Date.now() + settings.timeoutMs;
        for (;;) {
          const status = (await call(statusURL, signal)) as { status?: unknown } | undefined;
          if (!PENDING.has(String(status?.status))) break;
          await pause(settings, deadline, { provider, name: 'fal', signal });
        }
        return imagesOf(await call(responseURL, signal));
      } catch (error) {
        if (isAbort(error, signal)) throw signal.reason ?? error;
        throw mapError(error);
      }
    },
  };
}
