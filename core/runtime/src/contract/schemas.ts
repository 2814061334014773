import type { TSchema } from 'typebox';
import { ChatMessageSchema } from './chat-message.js';
import { ChatRequestSchema } from './chat-request.js';
import { ChatResultSchema } from './chat-result.js';
import { GroundingSchema } from './grounding.js';
import { KeyVaultSchema } from './key-vault.js';
import { ModelCardSchema } from './model-card.js';
import { ProviderManifestSchema } from './provider-manifest.js';
import { StreamEventSchema } from './stream-event.js';
import { ExportDocumentSchema } from './sync.js';
import { ToolCallSchema } from './tool-call.js';
import { ToolListSchema, ToolManifestSchema } from './tool-manifest.js';
import { SpeedSchema, UsageSchema } from './usage.js';

/** Every public contract schema, by the file name its JSON Schema gets in `manifests/`. */
export const CONTRACT_SCHEMAS: Readonly<Record<string, TSchema>> = {
  'chat-message': ChatMessageSchema,
  'chat-request': ChatRequestSchema,
  'chat-result': ChatResultSchema,
  'export-document': ExportDocumentSchema,
  grounding: GroundingSchema,
  'key-vault': KeyVaultSchema,
  'model-card': ModelCardSchema,
  'provider-manifest': ProviderManifestSchema,
  speed: SpeedSchema,
  'stream-event': StreamEventSchema,
  'tool-call': ToolCallSchema,
  'tool-list': ToolListSchema,
  'tool-manifest': ToolManifestSchema,
  usage: UsageSchema,
};

/** The JSON Schema document of a contract schema, as written to `manifests/<name>.schema.json`. */
export function jsonSchemaDocument(name: string, schema: TSchema): string {
  const document = {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    ...JSON.parse(JSON.stringify(schema)),
    $id: `https://manifold.dev/schemas/${name}.schema.json`,
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}
