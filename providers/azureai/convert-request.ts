import { convertChatRequest } from '@manifold/wire-openai/convert-request';
import type { ChatCompletionBody, OpenAICompatibleOptions } from '@manifold/wire-openai/options';
import type { ChatRequest } from '@manifold/core/contract/chat-request';
import type { ModelCard } from '@manifold/core/contract/model-card';
import type { CallContext } from '@manifold/core/contract/runtime';
import { applyClamps, type ClampChange, type ClampRule } from '@manifold/core/params/clamp';

/** o3 and o4 reasoning models, which refuse sampling parameters on Azure AI. */
export const refusesSampling = (model: string): boolean => /^o[34]/i.test(model);

/** Azure AI's parameter rules as data: o3 and o4 models get neither temperature nor top_p. */
export const clamps: readonly ClampRule[] = [
  { op: 'drop', param: 'temperature', models: refusesSampling },
  { op: 'drop', param: 'top_p', models: refusesSampling },
];

/**
 * The deployment a model is called through: the card's `config.deploymentName` (set in the
 * manifest or by `<ID>_MODEL_LIST` `id->deployment`), else the model id itself.
 */
export function deploymentFor(model: string, cards: readonly ModelCard[] = []): string {
  return cards.find((card) => card.id === model)?.config?.deploymentName || model;
}

/**
 * The wire options `convertChatRequest` reads: usage is asked for while streaming; `user` is not
 * a parameter of the model inference API, so it is not sent.
 */
const WIRE: OpenAICompatibleOptions = { baseURL: '', sendUserId: false };

/** The converted body and the clamp changes made on the way, for the debug log. */
export interface AzureAIChatBody {
  body: ChatCompletionBody;
  changes: ClampChange[];
}

/**
 * Our request as an Azure AI model inference chat body (OpenAI-shaped, `model` naming the
 * deployment). Rules follow the model id, or the deployment name when only that names an o3/o4
 * model; tools come with `tool_choice: auto`.
 */
export function convertAzureAIRequest(
  request: ChatRequest,
  context: Pick<CallContext, 'userId'>,
  deployment: string,
): AzureAIChatBody {
  const model = [request.model, deployment].find(refusesSampling) ?? request.model;
  const converted = convertChatRequest(request, context, WIRE);
  const { params, changes } = applyClamps(converted, clamps, { model });
  const body: ChatCompletionBody = { ...params, model: deployment };
  if (body.tools?.length) body.tool_choice = 'auto';
  return { body, changes };
}
