import type { ChatMessage } from '@manifold/core/contract/chat-message';
import type { ChatRequest, ChatTool } from '@manifold/core/contract/chat-request';
import type { CallContext } from '@manifold/core/contract/runtime';
import { contentText, toolCallName } from '@manifold/core/contract/message-text';
import { messageContent, upstreamStreams, upstreamUser } from './convert-request.js';
import type { OpenAICompatibleOptions, ResponsesBody } from './options.js';

type InputItem = Record<string, unknown>;

/** Our message content as Responses input content: a string, or input_text / input_image parts. */
function inputContent(message: ChatMessage): string | InputItem[] {
  const content = messageContent(message);
  if (typeof content === 'string') return content;
  if (content === null) return '';
  return content.map((part) =>
    part.type === 'text'
      ? { type: 'input_text', text: part.text }
      : {
          type: 'input_image',
          image_url: part.image_url.url,
          detail: part.image_url.detail ?? 'auto',
        },
  );
}

/** One of our messages as Responses input items (system messages go to `instructions` instead). */
export function convertInputItems(message: ChatMessage): InputItem[] {
  switch (message.role) {
    case 'system':
      return [];
    case 'tool':
    case 'function': {
      const output = contentText(message.content);
      if (message.tool_call_id === undefined) return [{ role: 'user', content: output }];
      return [{ type: 'function_call_output', call_id: message.tool_call_id, output }];
    }
    case 'assistant': {
      const items: InputItem[] = [];
      const text = contentText(message.content);
      if (text !== '') items.push({ role: 'assistant', content: text });
      for (const call of message.tools ?? []) {
        items.push({
          type: 'function_call',
          call_id: call.id,
          name: toolCallName(call),
          arguments: call.arguments,
        });
      }
      return items;
    }
    default:
      return [{ role: 'user', content: inputContent(message) }];
  }
}

/** A chat-completions function tool as a Responses function tool. */
export function convertTool(tool: ChatTool): InputItem {
  return {
    type: 'function',
    name: tool.function.name,
    description: tool.function.description,
    parameters: tool.function.parameters ?? { type: 'object', properties: {} },
    strict: tool.function.strict ?? false,
  };
}

/** The system messages, joined, as the Responses `instructions`. */
export function instructionsOf(messages: readonly ChatMessage[]): string | undefined {
  const texts = messages
    .filter((message) => message.role === 'system')
    .map((message) => contentText(message.content))
    .filter((text) => text !== '');
  return texts.length > 0 ? texts.join('\n\n') : undefined;
}

/**
 * The default Responses API body (SPEC §7): input items, instructions, function tools, `store: false`,
 * `max_output_tokens`, sampling parameters, `reasoning: {effort, summary: 'auto'}` when the request
 * names an effort, and `user`.
 */
export function convertResponsesRequest(
  request: ChatRequest,
  context: Pick<CallContext, 'userId'>,
  compat: OpenAICompatibleOptions,
): ResponsesBody {
  const body: ResponsesBody = {
    model: request.model,
    input: request.messages.flatMap(convertInputItems),
    stream: upstreamStreams(request, compat),
    store: false,
  };
  const instructions = instructionsOf(request.messages);
  if (instructions !== undefined) body.instructions = instructions;
  if (request.tools?.length) body.tools = request.tools.map(convertTool);
  if (request.max_tokens !== undefined) body.max_output_tokens = request.max_tokens;
  if (request.temperature !== undefined) body.temperature = request.temperature;
  if (request.top_p !== undefined) body.top_p = request.top_p;
  if (request.reasoning_effort !== undefined) {
    body.reasoning = { effort: request.reasoning_effort, summary: 'auto' };
  }
  const user = upstreamUser(request, context, compat);
  if (user !== undefined) body.user = user;
  return body;
}
