import { Type, type Static } from 'typebox';

/** Names of the credential fields a provider can ask for (SPEC §3). */
export const KeyVaultFieldNameSchema = Type.Union([
  Type.Literal('apiKey'),
  Type.Literal('baseURL'),
  Type.Literal('endpoint'),
  Type.Literal('accessKeyId'),
  Type.Literal('secretAccessKey'),
  Type.Literal('sessionToken'),
  Type.Literal('region'),
  Type.Literal('apiVersion'),
  Type.Literal('baseURLOrAccountID'),
]);
export type KeyVaultFieldName = Static<typeof KeyVaultFieldNameSchema>;

/** Credentials a caller sends for one provider (in the auth token). */
export const KeyVaultSchema = Type.Object(
  {
    apiKey: Type.Optional(Type.String()),
    baseURL: Type.Optional(Type.String()),
    endpoint: Type.Optional(Type.String()),
    accessKeyId: Type.Optional(Type.String()),
    secretAccessKey: Type.Optional(Type.String()),
    sessionToken: Type.Optional(Type.String()),
    region: Type.Optional(Type.String()),
    apiVersion: Type.Optional(Type.String()),
    baseURLOrAccountID: Type.Optional(Type.String()),
  },
  { $id: 'KeyVault' },
);
export type KeyVault = Static<typeof KeyVaultSchema>;

/** One field of a provider's key form. */
export const KeyVaultFieldSchema = Type.Object({
  field: KeyVaultFieldNameSchema,
  /** The provider cannot be called without it (unless the server has it). */
  required: Type.Boolean(),
  /** Masked in the UI, never logged. */
  secret: Type.Boolean(),
  /** Label shown in the form. */
  label: Type.String(),
  placeholder: Type.Optional(Type.String()),
});
export type KeyVaultField = Static<typeof KeyVaultFieldSchema>;

/** Every key-vault field name, in the order forms show them. */
export const KEY_VAULT_FIELDS = [
  'apiKey',
  'baseURL',
  'endpoint',
  'accessKeyId',
  'secretAccessKey',
  'sessionToken',
  'region',
  'apiVersion',
  'baseURLOrAccountID',
] as const satisfies readonly KeyVaultFieldName[];
