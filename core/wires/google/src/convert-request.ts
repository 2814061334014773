import type { ChatRequest, ChatTool } from '@manifold/core/contract/chat-request';
import { ManifoldError } from '@manifold/core/errors/manifold-error';
import type { ClampChange } from '@manifold/core/params/clamp';
import { convertMessages, type MessageContext } from './convert-messages.js';
import { resolveThinking } from './thinking.js';
import type {
  GoogleContent,
  GoogleFunctionDeclaration,
  GoogleRequest,
  GoogleSafetySetting,
  GoogleTool,
} from './types.js';

/** What differs between the Google wire family's providers when a request is converted. */
export interface GoogleRequestSettings {
  /** The built-in tools sent when the request enables search (e.g. `[{googleSearch: {}}]`). */
  searchTools(model: string): GoogleTool[];
}

/** Models with the URL context tool (https://ai.google.dev/gemini-api/docs/url-context). */
const URL_CONTEXT_MODELS = /gemini-(2\.5|[3-9])|gemini-(pro|flash|flash-lite)-latest/;

/**
 * Built-in search as both Google backends take it: Google Search, plus URL context (so links in
 * the prompt are read) on the models that have it; the two combine.
 */
export function googleSearchTools(model: string): GoogleTool[] {
  return URL_CONTEXT_MODELS.test(model)
    ? [{ googleSearch: {} }, { urlContext: {} }]
    : [{ googleSearch: {} }];
}

/** The four harm categories Google lets a caller set. */
export const HARM_CATEGORIES = [
  'HARM_CATEGORY_HATE_SPEECH',
  'HARM_CATEGORY_SEXUALLY_EXPLICIT',
  'HARM_CATEGORY_HARASSMENT',
  'HARM_CATEGORY_DANGEROUS_CONTENT',
] as const;

/** Models that take `OFF` rather than `BLOCK_NONE` (https://discuss.ai.google.dev/t/59352). */
const SAFETY_OFF_MODELS = new Set(['gemini-2.0-flash-exp']);

/** Models that answer with images: they get TEXT and IMAGE response modalities. */
export const isImageGenerationModel = (model: string): boolean =>
  model === 'gemini-2.0-flash-exp' || /^gemini-.*image/.test(model);

/**
 * Models that refuse a system instruction and a thinking config: image generation and Gemma. Their
 * system text goes to the first user turn instead.
 */
export const refusesSystemInstruction = (model: string): boolean =>
  isImageGenerationModel(model) || /^gemma-/.test(model);

/** All four categories unblocked: the app leaves moderation to the user (SPEC, LobeChat #1418). */
export function safetySettings(model: string): GoogleSafetySetting[] {
  const threshold = SAFETY_OFF_MODELS.has(model) ? 'OFF' : 'BLOCK_NONE';
  return HARM_CATEGORIES.map((category) => ({ category, threshold }));
}

/** A function tool as a declaration; Google refuses an object schema without properties. */
export function functionDeclaration(tool: ChatTool): GoogleFunctionDeclaration {
  const { name, description, parameters = {} } = tool.function;
  const properties = parameters.properties as Record<string, unknown> | undefined;
  const schema: Record<string, unknown> = {
    type: 'OBJECT',
    properties:
      properties && Object.keys(properties).length > 0 ? properties : { dummy: { type: 'string' } },
  };
  if (typeof parameters.description === 'string') schema.description = parameters.description;
  if (Array.isArray(parameters.required) && parameters.required.length > 0)
    schema.required = parameters.required;
  return { name, ...(description !== undefined && { description }), parameters: schema };
}

/**
 * The tools of a request: search and function declarations are not combined (Google refuses the
 * mix), except that a conversation already calling tools keeps its functions and drops search.
 */
export function requestTools(
  request: ChatRequest,
  settings: GoogleRequestSettings,
): GoogleTool[] | undefined {
  const functions = request.tools?.length
    ? [{ functionDeclarations: request.tools.map(functionDeclaration) }]
    : undefined;
  const callsTools = request.messages.some(
    (message) => (message.tools?.length ?? 0) > 0 || message.role === 'tool',
  );
  if (functions && callsTools) return functions;
  if (request.enabledSearch) {
    const search = settings.searchTools(request.model);
    if (search.length > 0) return search;
  }
  return functions;
}

/** Put the system text in front of the first user turn (or a new one) for models without instructions. */
function systemIntoFirstTurn(contents: GoogleContent[], system: string): GoogleContent[] {
  const first = contents.findIndex((content) => content.role === 'user');
  if (first === -1) return [{ role: 'user', parts: [{ text: system }] }, ...contents];
  const turn = contents[first]!;
  const copy = [...contents];
  copy[first] = { ...turn, parts: [{ text: system }, ...turn.parts] };
  return copy;
}

/**
 * The caller's mistake of a conversation with nothing Google can take (every turn empty, or only
 * system text): BadRequest naming the message when only one could have carried content.
 */
function nothingToSend(request: ChatRequest, provider: string): ManifoldError {
  const turns = request.messages.flatMap((message, index) =>
    message.role === 'system' ? [] : [index],
  );
  const field = turns.length === 1 ? `messages.${turns[0]}.content` : 'messages';
  return new ManifoldError('BadRequest', {
    message: `${turns.length === 1 ? `${field} is empty` : 'No message has content'}: Google needs at least one message with text, an image, a file, or a tool call or result`,
    field,
    provider,
  });
}

/**
 * Our chat request as the Google call (SPEC §5, §7): contents, system instruction, sampling,
 * max output, all safety categories unblocked, thinking config held in the model family's range,
 * tools or search. Images are loaded inline here, so a bad image URL fails before the upstream call.
 * Returns what the thinking-budget range changed, for the debug log.
 */
export async function convertGoogleRequest(
  request: ChatRequest,
  settings: GoogleRequestSettings,
  context: MessageContext,
): Promise<{ request: GoogleRequest; changes: ClampChange[] }> {
  const { model } = request;
  const messages = await convertMessages(request.messages, context);
  const plain = refusesSystemInstruction(model);
  const contents =
    plain && messages.system !== undefined
      ? systemIntoFirstTurn(messages.contents, messages.system)
      : messages.contents;
  if (contents.length === 0) throw nothingToSend(request, context.provider);

  const config: GoogleRequest['config'] = {};
  if (!plain && messages.system !== undefined) config.systemInstruction = messages.system;
  if (request.temperature !== undefined) config.temperature = request.temperature;
  if (request.top_p !== undefined) config.topP = request.top_p;
  if (request.max_tokens !== undefined) config.maxOutputTokens = request.max_tokens;
  config.safetySettings = safetySettings(model);
  if (isImageGenerationModel(model)) config.responseModalities = ['TEXT', 'IMAGE'];
  const thinking = plain ? { changes: [] } : resolveThinking(model, request);
  if (thinking.config) config.thinkingConfig = thinking.config;
  const tools = requestTools(request, settings);
  if (tools) config.tools = tools;
  return { request: { model, contents, config }, changes: thinking.changes };
}
