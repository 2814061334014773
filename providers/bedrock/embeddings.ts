import type { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import type { EmbeddingsRequest } from '@manifold/core/contract/runtime';
import { ManifoldError } from '@manifold/core/errors/manifold-error';
import { parseJSONChunk } from '@manifold/core/protocol/chunk-error';
import { baseModelId } from './convert-request.js';

/** Titan embeds one text per call; this many calls run at once (Bedrock throttles bursts). */
export const EMBEDDING_CONCURRENCY = 4;

/**
 * The Titan Text Embeddings body: V2 (`amazon.titan-embed-text-v2:0`) takes `dimensions`
 * (256, 512 or 1024) and `normalize`; V1 takes only `inputText`.
 */
export function titanEmbeddingBody(model: string, inputText: string, dimensions?: number) {
  if (baseModelId(model).startsWith('amazon.titan-embed-text-v1')) return { inputText };
  return { inputText, ...(dimensions !== undefined && { dimensions }), normalize: true };
}

const decoder = new TextDecoder();

/**
 * One vector per input, in order: one InvokeModel per text (Titan has no batch call), at most
 * `EMBEDDING_CONCURRENCY` at a time; the first failure aborts the calls still running.
 */
export async function titanEmbeddings(
  client: BedrockRuntimeClient,
  request: EmbeddingsRequest,
  signal: AbortSignal,
  provider: string,
): Promise<number[][]> {
  const { InvokeModelCommand } = await import('@aws-sdk/client-bedrock-runtime');
  const inputs = typeof request.input === 'string' ? [request.input] : request.input;
  const vectors: number[][] = new Array<number[]>(inputs.length);
  let next = 0;
  const embedOne = async (inputText: string): Promise<number[]> => {
    const output = await client.send(
      new InvokeModelCommand({
        modelId: request.model,
        body: JSON.stringify(titanEmbeddingBody(request.model, inputText, request.dimensions)),
        contentType: 'application/json',
        accept: 'application/json',
      }),
      { abortSignal: signal },
    );
    const answer = parseJSONChunk(decoder.decode(output.body)) as { embedding?: unknown };
    if (!Array.isArray(answer.embedding) || !answer.embedding.every((n) => typeof n === 'number'))
      throw new ManifoldError('ProviderBizError', {
        provider,
        message: `${request.model} answered without an embedding`,
      });
    return answer.embedding as number[];
  };
  const worker = async () => {
    while (next < inputs.length) {
      const index = next++;
      vectors[index] = await embedOne(inputs[index]!);
    }
  };
  await Promise.all(
    Array.from({ length: Math.min(EMBEDDING_CONCURRENCY, inputs.length) }, () => worker()),
  );
  return vectors;
}
