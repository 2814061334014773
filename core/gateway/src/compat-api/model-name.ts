import { ManifoldError } from '@manifold/core/errors/manifold-error';

/** A `/v1/*` model name, `<provider>/<model id>`, split. */
export interface ModelName {
  provider: string;
  model: string;
}

const PROVIDER_ID = /^[a-z0-9-]{1,64}$/;

/**
 * Split `<provider>/<model id>` at the first `/` (CONTRACT §10): `openai/gpt-4o-mini`,
 * `fal/fal-ai/flux/schnell` (the model keeps its own slashes). A name without a provider part, or
 * with one that is not a provider id, is 400 BadRequest naming `field` (default `model`); an
 * unknown provider is the registry's 404.
 */
export function splitModelName(name: string, field = 'model'): ModelName {
  const at = name.indexOf('/');
  const provider = at === -1 ? '' : name.slice(0, at);
  const model = at === -1 ? '' : name.slice(at + 1);
  if (!PROVIDER_ID.test(provider) || model === '') {
    throw new ManifoldError('BadRequest', {
      message: `${field} must be "<provider>/<model id>" (e.g. "openai/gpt-4o-mini"), got "${name.slice(0, 200)}"`,
      field,
    });
  }
  return { provider, model };
}
