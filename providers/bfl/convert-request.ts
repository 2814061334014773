import type { TextToImageRequest } from '@manifold/core/contract/runtime';
import { ManifoldError } from '@manifold/core/errors/manifold-error';

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** Ultra and Kontext take `aspect_ratio` ("16:9") instead of `width` and `height`. */
const takesAspectRatio = (model: string) => /ultra|kontext/.test(model);

/**
 * Our text-to-image request → the body of one BFL task: `prompt`, and a `WxH` size as `width` and
 * `height` (or as the reduced `aspect_ratio` for Ultra and Kontext). BFL makes one image per task
 * and takes no quality or style, so `n`, `quality` and `style` are not sent.
 */
export function convertRequest(request: TextToImageRequest): Record<string, unknown> {
  const body: Record<string, unknown> = { prompt: request.prompt };
  const size = /^(\d+)x(\d+)$/.exec(request.size ?? '');
  if (size) {
    const width = Number(size[1]);
    const height = Number(size[2]);
    if (takesAspectRatio(request.model)) {
      const divisor = gcd(width, height);
      body.aspect_ratio = `${width / divisor}:${height / divisor}`;
    } else {
      body.width = width;
      body.height = height;
    }
  }
  return body;
}

/** The endpoint name of a model (`flux-pro-1.1`): one path segment, nothing that leaves `/v1`. */
export function modelPath(model: string, provider: string): string {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(model)) {
    throw new ManifoldError('BadRequest', {
      provider,
      message: `"${model}" is not a Black Forest Labs model id`,
      field: 'model',
    });
  }
  return model;
}
