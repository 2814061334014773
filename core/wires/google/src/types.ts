/**
 * The Google wire family (Gemini API and Vertex AI `generateContent`), as much of it as Manifold
 * reads and writes. Owned here rather than imported from `@google/genai` so that core stays free of
 * the SDK; the SDK's own types are a superset of these shapes.
 * Reference: https://ai.google.dev/api/generate-content
 */

/** Inline bytes of a part (images in requests, generated images in answers). */
export interface GoogleBlob {
  mimeType?: string;
  /** base64, no `data:` prefix. */
  data?: string;
}

/** A function call the model asked for. */
export interface GoogleFunctionCall {
  id?: string;
  name?: string;
  args?: Record<string, unknown>;
}

/** The result of a function call, sent back by the client. */
export interface GoogleFunctionResponse {
  name: string;
  response: Record<string, unknown>;
}

/** One part of a content turn. */
export interface GooglePart {
  text?: string;
  /** The part is a thought summary (reasoning). */
  thought?: boolean;
  /** Opaque signature of the model's thinking, returned on the next turn. */
  thoughtSignature?: string;
  inlineData?: GoogleBlob;
  functionCall?: GoogleFunctionCall;
  functionResponse?: GoogleFunctionResponse;
}

/** One turn of the conversation. */
export interface GoogleContent {
  role: 'user' | 'model';
  parts: GooglePart[];
}

/** A function offered to the model (an OpenAPI-subset schema in `parameters`). */
export interface GoogleFunctionDeclaration {
  name: string;
  description?: string;
  parameters: Record<string, unknown>;
}

/** One tool entry: function declarations or a built-in tool. */
export interface GoogleTool {
  functionDeclarations?: GoogleFunctionDeclaration[];
  googleSearch?: Record<string, never>;
  urlContext?: Record<string, never>;
}

/** A safety threshold for one harm category. */
export interface GoogleSafetySetting {
  category: string;
  threshold: string;
}

/** Thinking settings of 2.5 and thinking models. */
export interface GoogleThinkingConfig {
  includeThoughts?: boolean;
  /** Tokens; -1 lets the model decide, 0 turns thinking off where the model allows it. */
  thinkingBudget?: number;
}

/** The generation config as the SDK takes it (it moves the sampling fields to `generationConfig`). */
export interface GoogleGenerateConfig {
  systemInstruction?: string;
  temperature?: number;
  topP?: number;
  maxOutputTokens?: number;
  safetySettings?: GoogleSafetySetting[];
  tools?: GoogleTool[];
  thinkingConfig?: GoogleThinkingConfig;
  responseModalities?: string[];
}

/** A converted chat request: what `models.generateContent[Stream]` is called with. */
export interface GoogleRequest {
  model: string;
  contents: GoogleContent[];
  config: GoogleGenerateConfig;
}

/** Token count of one modality (`TEXT`, `IMAGE`, `AUDIO`, `VIDEO`, `DOCUMENT`). */
export interface GoogleModalityCount {
  modality?: string;
  tokenCount?: number;
}

/** `usageMetadata`: running totals of the request, repeated on every streamed chunk. */
export interface GoogleUsageMetadata {
  promptTokenCount?: number;
  cachedContentTokenCount?: number;
  candidatesTokenCount?: number;
  toolUsePromptTokenCount?: number;
  thoughtsTokenCount?: number;
  totalTokenCount?: number;
  promptTokensDetails?: GoogleModalityCount[];
  cacheTokensDetails?: GoogleModalityCount[];
  candidatesTokensDetails?: GoogleModalityCount[];
}

/** Search grounding of a candidate. */
export interface GoogleGroundingMetadata {
  groundingChunks?: Array<{ web?: { uri?: string; title?: string; domain?: string } }>;
  webSearchQueries?: string[];
}

/** One answer candidate. */
export interface GoogleCandidate {
  content?: { role?: string; parts?: GooglePart[] };
  finishReason?: string;
  groundingMetadata?: GoogleGroundingMetadata;
  index?: number;
}

/** The Google error object (`{"error": {...}}` bodies and in-stream error chunks). */
export interface GoogleErrorObject {
  code?: number;
  message?: string;
  status?: string;
  details?: Array<Record<string, unknown>>;
}

/** One `GenerateContentResponse`: a streamed chunk or a whole answer. */
export interface GoogleResponse {
  candidates?: GoogleCandidate[];
  usageMetadata?: GoogleUsageMetadata;
  promptFeedback?: { blockReason?: string; blockReasonMessage?: string };
  responseId?: string;
  modelVersion?: string;
  error?: GoogleErrorObject;
}

/** One entry of `GET /v1beta/models` (the SDK renames `supportedGenerationMethods`). */
export interface GoogleModelInfo {
  name?: string;
  displayName?: string;
  description?: string;
  inputTokenLimit?: number;
  outputTokenLimit?: number;
  supportedGenerationMethods?: string[];
  supportedActions?: string[];
  thinking?: boolean;
}
