/**
 * One gateway in front of the fake upstreams of four wire families (OpenAI-compatible, Anthropic,
 * Google, Ollama), and per family the same scripted answers in its own wire format: a reply with
 * reasoning, text and usage; a tool call; a 429. The client tests drive the official SDKs through
 * the gateway's `/v1/*` APIs against them.
 */
import type { Test } from 'tap';
import type { FastifyInstance } from 'fastify';
import { startGateway } from '../../helpers/gateway.js';
import { GOOGLE_TEST_KEY } from '@manifold/provider-kit/testing';
import { startFakeOpenAI, type FakeOpenAI } from '@manifold/provider-kit/fakes/openai';
import {
  chatCompletion,
  chatUsage,
  textChunks as openAIText,
  toolCallChunks,
} from '@manifold/provider-kit/fakes/openai-builders';
import { startFakeAnthropic, type FakeAnthropic } from '@manifold/provider-kit/fakes/anthropic';
import {
  anthropicMessage,
  anthropicThinkingEvents,
  anthropicToolEvents,
} from '@manifold/provider-kit/fakes/anthropic-builders';
import { startFakeGoogle, type FakeGoogle } from '@manifold/provider-kit/fakes/google';
import {
  chunk as googleChunk,
  errorBody as googleError,
  functionCall,
  textChunks as googleText,
  usage as googleUsage,
} from '@manifold/provider-kit/fakes/google-builders';
import {
  chatResponse,
  ollamaError,
  startFakeOllama,
  textChat,
  toolCall,
  type FakeOllama,
} from '@manifold/provider-kit/fakes/ollama';

/** The operator key the clients use (`MANIFOLD_API_KEYS`). */
export const API_KEY = 'mk-operator-0123456789abcdefghij';
/** Server-side provider keys. */
export const OPENAI_KEY = 'sk-server-openai-0123456789abcdefgh';
export const ANTHROPIC_KEY = 'sk-ant-api03-server0123456789abcdefgh';
export const GOOGLE_KEY = GOOGLE_TEST_KEY;

export const REASONING = ['Let me', ' think.'];
export const TEXT = ['It is', ' sunny', ' in Paris.'];
export const WEATHER_ARGS = { city: 'Paris' };

/** The weather tool as a JSON Schema, the same in every client. */
export const WEATHER_SCHEMA = {
  type: 'object' as const,
  properties: { city: { type: 'string' as const } },
  required: ['city'],
};

/** Usage as the OpenAI API reports it, the same for every family's scripted reply. */
export interface ExpectedUsage {
  prompt: number;
  completion: number;
  cached: number;
  reasoning: number;
}

/** A tool call as an upstream received it in the conversation. */
export interface SentCall {
  id?: string;
  name: string;
  args: unknown;
}

/** One turn of the conversation an upstream received, whatever its wire. */
export interface SentTurn {
  role: 'user' | 'assistant' | 'tool';
  text?: string;
  calls?: SentCall[];
  /** A tool's answer: the call it answers (by id, or by name on Google's wire) and its content. */
  result?: { id?: string; name?: string; content: string };
}

/** The chat request an upstream received, read from its own wire format. */
export interface SentView {
  system?: string;
  turns: SentTurn[];
  tools: string[];
  maxTokens?: number;
  stream: boolean;
}

/** One wire family behind the gateway. */
export interface Family {
  name: string;
  /** `<provider>/<model>` as the clients name it. */
  model: string;
  /** Whether this family's reply carries reasoning the gateway streams. */
  reasons: boolean;
  usage: ExpectedUsage;
  /** Queue the reply: reasoning, text and usage; whole when `stream` is false. */
  replyText(stream: boolean): void;
  /** Queue a call of `get_weather` with `{"city":"Paris"}`; `callId` is the upstream's id, if it gives one. */
  replyToolCall(stream: boolean): { callId?: string };
  /** Queue a 429 refusal. */
  replyRateLimited(): void;
  /** The JSON body of the last chat request the upstream received. */
  lastBody(): any;
  /** That request, read from the family's wire format. */
  sent(): SentView;
  /** The status and `errorType` the gateway maps the scripted 429 to (as on `/webapi/chat`). */
  rateLimited: { status: number; errorType: string };
  /** The request header carrying the server key, as the upstream received it. */
  lastKeyHeader(): string | undefined;
}

export interface CompatGateway {
  app: FastifyInstance;
  url: string;
  openai: FakeOpenAI;
  anthropic: FakeAnthropic;
  google: FakeGoogle;
  ollama: FakeOllama;
  families: Family[];
}

/** The four providers this suite uses (discovery of every folder is tested elsewhere). */
const SOURCES = (['openai', 'anthropic', 'google', 'ollama'] as const).map((id) => ({
  label: id,
  source: 'builtin' as const,
  load: () => import(`@manifold/provider-${id}`),
}));

/** Start the four fakes and one gateway in front of them, all closed at teardown. */
export async function startCompatGateway(
  t: Test,
  env: Record<string, string> = {},
): Promise<CompatGateway> {
  const [openai, anthropic, google, ollama] = await Promise.all([
    startFakeOpenAI(),
    startFakeAnthropic({ apiKey: ANTHROPIC_KEY }),
    startFakeGoogle({ apiKey: GOOGLE_KEY }),
    startFakeOllama(),
  ]);
  t.teardown(() =>
    Promise.all([openai.close(), anthropic.close(), google.close(), ollama.close()]),
  );
  const { app, url } = await startGateway(
    t,
    {
      MANIFOLD_API_KEYS: `mk-another-key-abcdefghijklmnop,${API_KEY}`,
      // one scripted refusal must reach the client: retries are tested in test/gateway/resilience
      RETRY_MAX: '0',
      OPENAI_API_KEY: OPENAI_KEY,
      OPENAI_PROXY_URL: openai.baseURL,
      ANTHROPIC_API_KEY: ANTHROPIC_KEY,
      ANTHROPIC_PROXY_URL: anthropic.url,
      GOOGLE_API_KEY: GOOGLE_KEY,
      GOOGLE_PROXY_URL: google.url,
      OLLAMA_PROXY_URL: ollama.url,
      ...env,
    },
    { sources: SOURCES },
  );
  return {
    app,
    url,
    openai,
    anthropic,
    google,
    ollama,
    families: families(openai, anthropic, google, ollama),
  };
}

const parse = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

const joinText = (content: any): string | undefined => {
  if (typeof content === 'string') return content === '' ? undefined : content;
  if (!Array.isArray(content)) return undefined;
  const texts = content.filter((part) => part.type === 'text').map((part) => part.text);
  return texts.length ? texts.join('\n') : undefined;
};

/** An OpenAI Chat Completions body (and Ollama's, which has the same message roles). */
function openAIView(body: any): SentView {
  const messages: any[] = body?.messages ?? [];
  const turns: SentTurn[] = messages
    .filter((message) => message.role !== 'system')
    .map((message) => {
      if (message.role === 'tool')
        return {
          role: 'tool',
          result: {
            ...(message.tool_call_id && { id: message.tool_call_id }),
            ...(message.tool_name && { name: message.tool_name }),
            content: message.content,
          },
        };
      const turn: SentTurn = { role: message.role };
      const text = joinText(message.content);
      if (text !== undefined) turn.text = text;
      if (message.tool_calls?.length)
        turn.calls = message.tool_calls.map((call: any) => ({
          ...(call.id && { id: call.id }),
          name: call.function.name,
          args:
            typeof call.function.arguments === 'string'
              ? parse(call.function.arguments)
              : call.function.arguments,
        }));
      return turn;
    });
  const system = messages.find((message) => message.role === 'system');
  return {
    ...(system && { system: joinText(system.content) }),
    turns,
    tools: (body?.tools ?? []).map((tool: any) => tool.function.name),
    maxTokens: body?.max_completion_tokens ?? body?.max_tokens ?? body?.options?.num_predict,
    stream: body?.stream !== false && body?.stream !== undefined,
  };
}

/** An Anthropic Messages body. */
function anthropicView(body: any): SentView {
  const turns: SentTurn[] = [];
  for (const message of body?.messages ?? []) {
    if (typeof message.content === 'string') {
      turns.push({ role: message.role, text: message.content });
      continue;
    }
    const turn: SentTurn = { role: message.role };
    for (const block of message.content) {
      if (block.type === 'tool_result')
        turns.push({
          role: 'tool',
          result: { id: block.tool_use_id, content: joinText(block.content) ?? '' },
        });
      else if (block.type === 'text') turn.text = (turn.text ?? '') + block.text;
      else if (block.type === 'tool_use')
        (turn.calls ??= []).push({ id: block.id, name: block.name, args: block.input });
    }
    if (turn.text !== undefined || turn.calls) turns.push(turn);
  }
  return {
    system: typeof body?.system === 'string' ? body.system : joinText(body?.system),
    turns,
    tools: (body?.tools ?? []).map((tool: any) => tool.name),
    maxTokens: body?.max_tokens,
    stream: body?.stream === true,
  };
}

/** A Gemini generateContent body; streaming is in the path. */
function googleView(body: any, path: string): SentView {
  const turns: SentTurn[] = [];
  for (const content of body?.contents ?? []) {
    const turn: SentTurn = { role: content.role === 'model' ? 'assistant' : 'user' };
    for (const part of content.parts ?? []) {
      if (part.functionResponse)
        turns.push({
          role: 'tool',
          result: {
            name: part.functionResponse.name,
            content: JSON.stringify(part.functionResponse.response),
          },
        });
      else if (part.functionCall)
        (turn.calls ??= []).push({ name: part.functionCall.name, args: part.functionCall.args });
      else if (typeof part.text === 'string' && !part.thought)
        turn.text = (turn.text ?? '') + part.text;
    }
    if (turn.text !== undefined || turn.calls) turns.push(turn);
  }
  const system = body?.systemInstruction?.parts?.map((part: any) => part.text).join('\n');
  return {
    ...(system && { system }),
    turns,
    tools: (body?.tools ?? []).flatMap((tool: any) =>
      (tool.functionDeclarations ?? []).map((declaration: any) => declaration.name),
    ),
    maxTokens: body?.generationConfig?.maxOutputTokens,
    stream: path.endsWith(':streamGenerateContent'),
  };
}

function families(
  openai: FakeOpenAI,
  anthropic: FakeAnthropic,
  google: FakeGoogle,
  ollama: FakeOllama,
): Family[] {
  const openaiUsage = chatUsage(20, 10, { cachedTokens: 5, reasoningTokens: 4 });
  const anthropicUsage = { input: 15, cacheRead: 5, output: 10 };
  const geminiUsage = googleUsage(20, 6, { thoughts: 4, cached: 5 });
  return [
    {
      name: 'an OpenAI-compatible upstream',
      model: 'openai/gpt-4o-mini',
      reasons: true,
      usage: { prompt: 20, completion: 10, cached: 5, reasoning: 4 },
      replyText: (stream) =>
        openai.reply(
          stream
            ? {
                kind: 'chunks',
                chunks: openAIText(TEXT, { reasoning: REASONING, usage: openaiUsage }),
              }
            : {
                kind: 'json',
                body: chatCompletion(TEXT.join(''), {
                  reasoning: REASONING.join(''),
                  usage: openaiUsage,
                }),
              },
        ),
      replyToolCall: (stream) => {
        const call = {
          id: 'call_weather_1',
          name: 'get_weather',
          arguments: ['{"city":', '"Paris"}'],
        };
        openai.reply(
          stream
            ? { kind: 'chunks', chunks: toolCallChunks([call], { usage: openaiUsage }) }
            : {
                kind: 'json',
                body: chatCompletion(null, { toolCalls: [call], usage: openaiUsage }),
              },
        );
        return { callId: call.id };
      },
      replyRateLimited: () =>
        openai.reply({ kind: 'error', status: 429, code: 'insufficient_quota' }),
      lastBody: () => openai.lastRequest()?.body,
      sent: () => openAIView(openai.lastRequest()?.body),
      rateLimited: { status: 429, errorType: 'InsufficientQuota' },
      lastKeyHeader: () => openai.lastRequest()?.headers.authorization,
    },
    {
      name: 'an Anthropic upstream',
      model: 'anthropic/claude-sonnet-4-5-20250929',
      reasons: true,
      usage: { prompt: 20, completion: 10, cached: 5, reasoning: 0 },
      replyText: (stream) =>
        anthropic.reply(
          stream
            ? {
                kind: 'events',
                events: anthropicThinkingEvents(REASONING, 'sig-think-1', TEXT, {
                  usage: anthropicUsage,
                }),
              }
            : {
                kind: 'json',
                body: anthropicMessage(
                  [
                    { type: 'thinking', thinking: REASONING.join(''), signature: 'sig-think-1' },
                    { type: 'text', text: TEXT.join('') },
                  ],
                  { usage: anthropicUsage },
                ),
              },
        ),
      replyToolCall: (stream) => {
        const callId = 'toolu_weather_1';
        anthropic.reply(
          stream
            ? {
                kind: 'events',
                events: anthropicToolEvents(
                  [{ id: callId, name: 'get_weather', fragments: ['{"city":', '"Paris"}'] }],
                  { usage: anthropicUsage },
                ),
              }
            : {
                kind: 'json',
                body: anthropicMessage(
                  [{ type: 'tool_use', id: callId, name: 'get_weather', input: WEATHER_ARGS }],
                  { stopReason: 'tool_use', usage: anthropicUsage },
                ),
              },
        );
        return { callId };
      },
      replyRateLimited: () =>
        anthropic.reply({
          kind: 'error',
          status: 429,
          type: 'rate_limit_error',
          message: 'Number of request tokens has exceeded your per-minute rate limit',
        }),
      lastBody: () => anthropic.lastRequest()?.body,
      sent: () => anthropicView(anthropic.lastRequest()?.body),
      rateLimited: { status: 429, errorType: 'QuotaLimitReached' },
      lastKeyHeader: () => anthropic.lastRequest()?.headers['x-api-key'] as string | undefined,
    },
    {
      name: 'a Google upstream',
      model: 'google/gemini-2.5-flash',
      reasons: true,
      usage: { prompt: 20, completion: 10, cached: 5, reasoning: 4 },
      replyText: (stream) =>
        google.reply(
          stream
            ? {
                kind: 'chunks',
                chunks: googleText(TEXT, { thoughts: REASONING, usage: geminiUsage }),
              }
            : {
                kind: 'json',
                body: googleChunk(
                  [{ text: REASONING.join(''), thought: true }, { text: TEXT.join('') }],
                  { finishReason: 'STOP', usage: geminiUsage },
                ),
              },
        ),
      replyToolCall: (stream) => {
        const answer = googleChunk([functionCall('get_weather', WEATHER_ARGS)], {
          finishReason: 'STOP',
          usage: geminiUsage,
        });
        google.reply(
          stream ? { kind: 'chunks', chunks: [answer] } : { kind: 'json', body: answer },
        );
        return {};
      },
      replyRateLimited: () =>
        google.reply({
          kind: 'json',
          status: 429,
          body: googleError(
            429,
            'RESOURCE_EXHAUSTED',
            'Resource has been exhausted (e.g. check quota).',
          ),
        }),
      lastBody: () => google.lastGenerate()?.body,
      sent: () => googleView(google.lastGenerate()?.body, google.lastGenerate()?.path ?? ''),
      rateLimited: { status: 429, errorType: 'QuotaLimitReached' },
      lastKeyHeader: () => google.lastGenerate()?.headers['x-goog-api-key'] as string | undefined,
    },
    {
      name: 'an Ollama upstream',
      model: 'ollama/qwen3',
      reasons: true,
      usage: { prompt: 20, completion: 10, cached: 0, reasoning: 0 },
      replyText: (stream) =>
        ollama.reply(
          stream
            ? {
                kind: 'ndjson',
                lines: textChat(TEXT, { thinking: REASONING, usage: [20, 10], model: 'qwen3' }),
              }
            : {
                kind: 'json',
                body: chatResponse(
                  { content: TEXT.join(''), thinking: REASONING.join('') },
                  { usage: [20, 10], model: 'qwen3' },
                ),
              },
          '/api/chat',
        ),
      replyToolCall: (stream) => {
        const call = toolCall('get_weather', WEATHER_ARGS, 'call_ollama_1');
        ollama.reply(
          stream
            ? {
                kind: 'ndjson',
                lines: textChat([], { toolCalls: [call], usage: [20, 10], model: 'qwen3' }),
              }
            : {
                kind: 'json',
                body: chatResponse({ tool_calls: [call] }, { usage: [20, 10], model: 'qwen3' }),
              },
          '/api/chat',
        );
        return { callId: 'call_ollama_1' };
      },
      replyRateLimited: () =>
        ollama.reply(ollamaError(429, 'server busy, please try again'), '/api/chat'),
      lastBody: () => ollama.lastRequest('/api/chat')?.body,
      sent: () => openAIView(ollama.lastRequest('/api/chat')?.body),
      rateLimited: { status: 472, errorType: 'OllamaBizError' },
      lastKeyHeader: () => undefined,
    },
  ];
}
