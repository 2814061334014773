import type { ChatCompletionBody } from '@manifold/wire-openai/options';
import type { ChatRequest } from '@manifold/core/contract/chat-request';
import type { RuntimeOptions } from '@manifold/core/contract/runtime';
import type { ClampRule } from '@manifold/core/params/clamp';

/** Hunyuan takes no frequency or presence penalty. */
export const clamps: readonly ClampRule[] = [
  { op: 'drop', param: 'frequency_penalty' },
  { op: 'drop', param: 'presence_penalty' },
];

/** The hybrid model whose thinking is switched by `enable_thinking`. */
export const HYBRID_THINKING_MODEL = /hunyuan-a13b/i;

/**
 * Hunyuan's search: enhancement with citations and search info; `enable_speed_search` when
 * `HUNYUAN_ENABLE_SPEED_SEARCH=1`. The sources come back in `search_info.search_results`.
 */
export function search(
  body: ChatCompletionBody,
  _request: ChatRequest,
  options: RuntimeOptions,
): ChatCompletionBody {
  return {
    ...body,
    enable_enhancement: true,
    citation: true,
    search_info: true,
    ...(options.env.HUNYUAN_ENABLE_SPEED_SEARCH === '1' && { enable_speed_search: true }),
  };
}
