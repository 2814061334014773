import {
  convertAnthropicMessages,
  convertAnthropicTools,
  type AnthropicMessageParam,
  type AnthropicTool,
} from '@manifold/wire-anthropic/convert-messages';
import type { ChatRequest } from '@manifold/core/contract/chat-request';
import { applyClamps, type ClampChange, type ClampRule } from '@manifold/core/params/clamp';
import { llama2Prompt, llama3Prompt } from './llama-prompt.js';

/** The `anthropic_version` Claude on Bedrock takes in the body (the model id is in the path). */
export const BEDROCK_ANTHROPIC_VERSION = 'bedrock-2023-05-31';
/** SPEC §9: Bedrock Claude `max_tokens` default. */
export const CLAUDE_DEFAULT_MAX_TOKENS = 4096;
/** SPEC §5: thinking budget when none is given. */
export const DEFAULT_THINKING_BUDGET = 1024;
/** SPEC §9: Llama `max_gen_len` default. */
export const LLAMA_DEFAULT_MAX_GEN_LEN = 400;
/** Bedrock's largest `max_gen_len` for Llama. */
export const LLAMA_MAX_GEN_LEN = 2048;

const INFERENCE_PROFILE = /^(?:us|us-gov|eu|apac|jp|au|ca|global)\./;

/**
 * The foundation-model id inside a model id: without the cross-region inference-profile prefix
 * (`us.`, `eu.`, `apac.`, `global.`…) or the ARN path (`arn:…:inference-profile/us.meta.…`).
 */
export function baseModelId(model: string): string {
  return model.slice(model.lastIndexOf('/') + 1).replace(INFERENCE_PROFILE, '');
}

/** SPEC: ids starting with `meta` are Llama; every other id speaks the Anthropic format. */
export const isLlama = (model: string): boolean => baseModelId(model).startsWith('meta');

/** Llama 2 ids take the `[INST]` template; later Llamas the Llama 3 header template. */
const isLlama2 = (model: string): boolean => baseModelId(model).startsWith('meta.llama2');

/** Llama 4 answers only InvokeModel on Bedrock, not InvokeModelWithResponseStream. */
export const streamsOnBedrock = (model: string): boolean =>
  !baseModelId(model).startsWith('meta.llama4');

/** Claude models from Opus 4.1 on take temperature or top_p, not both. */
const ONE_SAMPLER =
  /claude-(?:opus-4-[1-9]|sonnet-4-[5-9]|haiku-4-[5-9]|(?:opus|sonnet|haiku)-[5-9])/;

const CLAUDE_RULES: readonly ClampRule[] = [
  { op: 'halve', param: 'temperature' },
  { op: 'default', param: 'max_tokens', value: CLAUDE_DEFAULT_MAX_TOKENS },
];
// Extended thinking refuses a set temperature or top_p (as the Anthropic provider does).
const THINKING_RULES: readonly ClampRule[] = [
  { op: 'drop', param: 'temperature' },
  { op: 'drop', param: 'top_p' },
];
const ONE_SAMPLER_RULES: readonly ClampRule[] = [{ op: 'drop', param: 'top_p' }];
const LLAMA_RULES: readonly ClampRule[] = [
  // Bedrock's Llama temperature is 0–1: the 0–2 scale is halved, like Claude's.
  { op: 'halve', param: 'temperature' },
  { op: 'rename', param: 'max_tokens', to: 'max_gen_len' },
  { op: 'default', param: 'max_gen_len', value: LLAMA_DEFAULT_MAX_GEN_LEN },
  { op: 'range', param: 'max_gen_len', min: 1, max: LLAMA_MAX_GEN_LEN },
];

/** The InvokeModel body of a Claude request (Anthropic Messages format). */
export interface ClaudeBody {
  anthropic_version: string;
  max_tokens: number;
  messages: AnthropicMessageParam[];
  system?: string;
  temperature?: number;
  top_p?: number;
  tools?: AnthropicTool[];
  thinking?: { type: 'enabled'; budget_tokens: number };
}

/** The InvokeModel body of a Llama request. */
export interface LlamaBody {
  prompt: string;
  max_gen_len: number;
  temperature?: number;
  top_p?: number;
}

/** A body and what the clamps changed (for the debug log). */
export interface Converted<T> {
  body: T;
  changes: ClampChange[];
}

type Sampling = Record<string, unknown> & { temperature?: number; top_p?: number };

function clampAll(params: Sampling, ruleSets: ReadonlyArray<readonly ClampRule[]>, model: string) {
  const changes: ClampChange[] = [];
  let current = params;
  for (const rules of ruleSets) {
    const result = applyClamps(current, rules, { model });
    current = result.params;
    changes.push(...result.changes);
  }
  return { params: current, changes };
}

const defined = <T extends Record<string, unknown>>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, item]) => item !== undefined)) as T;

/**
 * Claude on Bedrock: the Anthropic Messages body with `anthropic_version: bedrock-2023-05-31`;
 * system messages → `system`; images always inline base64 (Bedrock takes no image URLs); T/2;
 * `max_tokens` default 4096; thinking with `budget_tokens` = min(budget or 1024, max_tokens − 1)
 * and no temperature or top_p; Opus 4.1 and later keep temperature over top_p.
 */
export async function convertClaudeRequest(
  request: ChatRequest,
  options: { provider: string; fetch?: typeof globalThis.fetch; signal?: AbortSignal },
): Promise<Converted<ClaudeBody>> {
  const { system, messages } = await convertAnthropicMessages(request.messages, {
    ...options,
    imagesAsURL: false,
  });
  const thinking = request.thinking?.type === 'enabled';
  const ruleSets = [CLAUDE_RULES];
  if (thinking) ruleSets.push(THINKING_RULES);
  else if (request.temperature !== undefined && ONE_SAMPLER.test(baseModelId(request.model)))
    ruleSets.push(ONE_SAMPLER_RULES);
  const { params, changes } = clampAll(
    { max_tokens: request.max_tokens, temperature: request.temperature, top_p: request.top_p },
    ruleSets,
    request.model,
  );
  const maxTokens = params.max_tokens as number;
  // Bedrock validates the tool schema strictly and has no `strict` field.
  const tools = convertAnthropicTools(request.tools)?.map(({ strict: _strict, ...tool }) => tool);
  const body: ClaudeBody = defined({
    anthropic_version: BEDROCK_ANTHROPIC_VERSION,
    max_tokens: maxTokens,
    system,
    messages,
    temperature: params.temperature,
    top_p: params.top_p,
    tools,
  });
  if (thinking) {
    const budget = request.thinking?.budget_tokens || DEFAULT_THINKING_BUDGET;
    body.thinking = { type: 'enabled', budget_tokens: Math.min(budget, maxTokens - 1) };
  }
  return { body, changes };
}

/**
 * Llama on Bedrock: one `prompt` in the model's chat template (Llama 2 `[INST]` for
 * `meta.llama2*`, the Llama 3 header template otherwise), `max_gen_len` = max_tokens or 400
 * (at most 2048), T/2, top_p.
 */
export function convertLlamaRequest(request: ChatRequest): Converted<LlamaBody> {
  const { params, changes } = clampAll(
    { max_tokens: request.max_tokens, temperature: request.temperature, top_p: request.top_p },
    [LLAMA_RULES],
    request.model,
  );
  const prompt = isLlama2(request.model)
    ? llama2Prompt(request.messages)
    : llama3Prompt(request.messages);
  const body: LlamaBody = defined({
    prompt,
    max_gen_len: params.max_gen_len as number,
    temperature: params.temperature,
    top_p: params.top_p,
  });
  return { body, changes };
}
