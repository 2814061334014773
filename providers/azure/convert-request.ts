import { convertChatRequest } from '@manifold/wire-openai/convert-request';
import type { ChatCompletionBody, OpenAICompatibleOptions } from '@manifold/wire-openai/options';
import type { ChatRequest } from '@manifold/core/contract/chat-request';
import type { ModelCard } from '@manifold/core/contract/model-card';
import type { CallContext } from '@manifold/core/contract/runtime';
import { applyClamps, type ClampChange, type ClampRule } from '@manifold/core/params/clamp';

/** o-series reasoning models: o1, o3, o4 and their `-mini`, `-pro` and dated variants. */
export const isOSeries = (model: string): boolean => /^o\d/i.test(model);

/** GPT-5 reasoning models; `gpt-5-chat` is a plain chat model. */
export const isGpt5Reasoning = (model: string): boolean =>
  /^gpt-5/i.test(model) && !/-chat/i.test(model);

/** A model of a reasoning family: `developer` role, `max_completion_tokens`, no penalties or top_p. */
export const isReasoningModel = (model: string): boolean =>
  isOSeries(model) || isGpt5Reasoning(model);

/** Early o1 models that take neither a `developer` message nor a reasoning effort. */
export const isEarlyO1 = (model: string): boolean => /^o1-(mini|preview)/i.test(model);

/** o1 models answer without streaming on Azure; the gateway replays the answer as a stream. */
export const streamsUpstream = (model: string): boolean => !/^o1/i.test(model);

const SAMPLING_REASONING_MODELS_REFUSE = [
  'top_p',
  'frequency_penalty',
  'presence_penalty',
] as const;

/**
 * Azure OpenAI's parameter rules as data. o-series temperature is halved (SPEC §5 lists "Azure
 * o-series" among the T/2 providers); GPT-5 reasoning models accept no temperature at all; every
 * reasoning model refuses top_p and penalties, and takes `max_completion_tokens`; only models
 * that reason keep `reasoning_effort`.
 */
export const clamps: readonly ClampRule[] = [
  { op: 'halve', param: 'temperature', models: isOSeries },
  { op: 'drop', param: 'temperature', models: isGpt5Reasoning },
  ...SAMPLING_REASONING_MODELS_REFUSE.map((param): ClampRule => ({
    op: 'drop',
    param,
    models: isReasoningModel,
  })),
  { op: 'rename', param: 'max_tokens', to: 'max_completion_tokens', models: isReasoningModel },
  {
    op: 'drop',
    param: 'reasoning_effort',
    models: (model) => !isReasoningModel(model) || isEarlyO1(model),
  },
];

/**
 * The deployment a model is called through: the card's `config.deploymentName` (set in the
 * manifest or by `<ID>_MODEL_LIST` `id->deployment`), else the model id itself.
 */
export function deploymentFor(model: string, cards: readonly ModelCard[] = []): string {
  return cards.find((card) => card.id === model)?.config?.deploymentName || model;
}

/** The wire options `convertChatRequest` reads (streaming, usage, user); Azure uses the defaults. */
const WIRE: OpenAICompatibleOptions = { baseURL: '' };

/** The converted body and the clamp changes made on the way, for the debug log. */
export interface AzureChatBody {
  body: ChatCompletionBody;
  changes: ClampChange[];
}

/**
 * Our request as an Azure OpenAI chat-completions body, sent to `deployment`. Model rules follow
 * the model id, or the deployment name when the id names no known family (a custom card).
 * Reasoning models read the system prompt as `developer` (`user` for o1-mini and o1-preview);
 * o-series efforts have no `minimal` (sent as `low`); tools always come with `tool_choice: auto`.
 */
export function convertAzureRequest(
  request: ChatRequest,
  context: Pick<CallContext, 'userId'>,
  deployment: string,
): AzureChatBody {
  const model = [request.model, deployment].find(isReasoningModel) ?? request.model;
  const converted = convertChatRequest(request, context, WIRE);
  if (!streamsUpstream(model)) {
    converted.stream = false;
    delete converted.stream_options;
  }
  const { params, changes } = applyClamps(converted, clamps, { model });
  const body: ChatCompletionBody = { ...params, model: deployment };
  if (isReasoningModel(model)) {
    const role = isEarlyO1(model) ? 'user' : 'developer';
    body.messages = body.messages.map((message) =>
      message.role === 'system' ? { ...message, role } : message,
    );
  }
  if (isOSeries(model) && body.reasoning_effort === 'minimal') body.reasoning_effort = 'low';
  if (body.tools?.length) body.tool_choice = 'auto';
  return { body, changes };
}
