import type { OpenAICompatibleOptions } from '@manifold/wire-openai/options';

/**
 * Groq's own usage report: `x_groq: {id, usage: {prompt_tokens, completion_tokens, total_tokens,
 * queue_time, …}}` on the finish chunk, sometimes without a top-level `usage` in the stream.
 */
export function groqUsage(chunk: Record<string, unknown>): unknown {
  const extra = chunk.x_groq;
  return typeof extra === 'object' && extra !== null
    ? (extra as { usage?: unknown }).usage
    : undefined;
}

/**
 * How Groq differs from OpenAI: a temperature of 0 or less is left out (Groq would turn 0 into
 * 1e-8; without it the model's default applies), 403 means the caller's region is not served, and
 * usage reported only in `x_groq.usage` is read.
 */
export const options: OpenAICompatibleOptions = {
  baseURL: 'https://api.groq.com/openai/v1',
  clamps: [{ op: 'drop', param: 'temperature', when: { lte: 0 } }],
  errors: { status: { 403: 'LocationNotSupportError' } },
  chunkUsage: groqUsage,
};
