import type { TextToImageRequest } from '@manifold/core/contract/runtime';
import { ManifoldError } from '@manifold/core/errors/manifold-error';

/**
 * Our text-to-image request → the fal model input: `prompt`, `num_images` and, for a `WxH` size,
 * `image_size: {width, height}`. fal models take no quality or style, so those are not sent.
 */
export function convertRequest(request: TextToImageRequest): Record<string, unknown> {
  const input: Record<string, unknown> = { prompt: request.prompt, num_images: request.n ?? 1 };
  const size = /^(\d+)x(\d+)$/.exec(request.size ?? '');
  if (size) input.image_size = { width: Number(size[1]), height: Number(size[2]) };
  return input;
}

/**
 * The URL path of a model (`fal-ai/flux/schnell`): each segment escaped, and a path that would
 * leave the model namespace (empty, `.` or `..` segments) refused.
 */
export function modelPath(model: string, provider: string): string {
  const segments = model.split('/');
  if (segments.some((segment) => segment === '' || segment === '.' || segment === '..')) {
    throw new ManifoldError('BadRequest', {
      provider,
      message: `"${model}" is not a fal model id`,
      field: 'model',
    });
  }
  return segments.map(encodeURIComponent).join('/');
}
