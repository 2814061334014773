import type { ErrorType } from './error-types.js';

/** One catalogue entry: the HTTP status of an error type and its messages for the web app. */
export interface ErrorCatalogueEntry {
  /** HTTP status of the error answer. */
  status: number;
  /** English message; `{{provider}}` is replaced by the provider's name. */
  en: string;
  /** Chinese message; `{{provider}}` is replaced by the provider's name. */
  zh: string;
}

/**
 * Every error type of SPEC §8 (names and HTTP codes) → status and messages, in one table.
 * Statuses SPEC fixes: Invalid* and NoOpenAIAPIKey 401; ExceededContextWindow, SubscriptionKeyMismatch,
 * SystemTimeNotMatchError, BadRequest 400; LocationNotSupportError 403; ModelNotFound 404; quota 429;
 * AgentRuntimeError 470; ProviderBizError 471; Ollama* 472; numeric types as themselves.
 * The others are Manifold's choice and documented in docs/errors.md.
 */
export const ERROR_CATALOGUE: Readonly<Record<ErrorType, ErrorCatalogueEntry>> = {
  AgentRuntimeError: {
    status: 470,
    en: 'Something went wrong while running the request to {{provider}}. Please try again; if it keeps happening, check the details below.',
    zh: '调用 {{provider}} 时运行出错，请重试；如果问题持续出现，请查看下方详情。',
  },
  LocationNotSupportError: {
    status: 403,
    en: 'Your region is not supported by {{provider}}. Switch to a supported region or use a proxy, then try again.',
    zh: '很抱歉，{{provider}} 不支持你所在的地区，请切换到受支持的地区或使用代理后重试。',
  },
  QuotaLimitReached: {
    status: 429,
    en: 'The quota or rate limit of {{provider}} has been reached. Wait a moment and try again, or raise your limit.',
    zh: '已达到 {{provider}} 的配额或请求频率上限，请稍后重试，或提高你的限额。',
  },
  InsufficientQuota: {
    status: 429,
    en: 'The account balance or quota at {{provider}} is insufficient. Top up or check your plan, then try again.',
    zh: '{{provider}} 账户余额或配额不足，请充值或检查套餐后重试。',
  },
  ModelNotFound: {
    status: 404,
    en: 'The requested model does not exist at {{provider}}, or your key has no access to it. Check the model id and your permissions.',
    zh: '{{provider}} 上不存在所请求的模型，或当前密钥无权访问该模型，请检查模型 ID 与权限。',
  },
  PermissionDenied: {
    status: 403,
    en: 'Access denied by {{provider}}: your key has no permission for this model or feature.',
    zh: '{{provider}} 拒绝访问：当前密钥没有使用该模型或功能的权限。',
  },
  ExceededContextWindow: {
    status: 400,
    en: "The conversation is longer than the model's context window. Shorten the messages, remove attachments or start a new topic.",
    zh: '对话内容超出了模型的上下文长度，请精简消息、移除附件或开启新话题后重试。',
  },
  InvalidProviderAPIKey: {
    status: 401,
    en: 'The API key for {{provider}} is incorrect or empty. Check the key and try again.',
    zh: '{{provider}} API Key 不正确或为空，请检查后重试。',
  },
  ProviderBizError: {
    status: 471,
    en: 'The request to {{provider}} failed with an error from the service. Check the details below or try again later.',
    zh: '请求 {{provider}} 服务出错，请根据下方信息排查或稍后重试。',
  },
  InvalidOllamaArgs: {
    status: 401,
    en: 'Invalid settings for {{provider}}: check that the service address is a valid URL and try again.',
    zh: '{{provider}} 配置不正确，请检查服务地址是否为有效的 URL 后重试。',
  },
  OllamaBizError: {
    status: 472,
    en: 'The local model service returned an error. Check the details below, and make sure the model is downloaded and the service is running.',
    zh: '本地模型服务返回错误，请根据下方信息排查，并确认模型已下载且服务正在运行。',
  },
  OllamaServiceUnavailable: {
    status: 472,
    en: 'Cannot reach the local model service, please check whether your ollama service is available and reachable from the gateway.',
    zh: '无法连接本地模型服务，请检查 Ollama 服务是否已启动，且网关可以访问该服务。',
  },
  InvalidBedrockCredentials: {
    status: 401,
    en: 'The cloud credentials for {{provider}} (access key id, secret access key, region) are incorrect. Check them and try again.',
    zh: '{{provider}} 的云凭证（Access Key ID、Secret Access Key、区域）不正确，请检查后重试。',
  },
  InvalidVertexCredentials: {
    status: 401,
    en: 'The service account credentials for {{provider}} are invalid. Check the credentials JSON and try again.',
    zh: '{{provider}} 的服务账号凭证无效，请检查凭证 JSON 后重试。',
  },
  StreamChunkError: {
    status: 502,
    en: 'chat response streaming chunk parse error, please contact your API Provider to fix it.',
    zh: '流式响应的数据块解析失败，请联系你的 API 服务商修复。',
  },
  InvalidGithubToken: {
    status: 401,
    en: 'The personal access token for {{provider}} is incorrect or empty. Check the token and try again.',
    zh: '{{provider}} 的个人访问令牌（Personal Access Token）不正确或为空，请检查后重试。',
  },
  ConnectionCheckFailed: {
    status: 400,
    en: 'The connection check with {{provider}} failed. Check the API key and the proxy address, then try again.',
    zh: '与 {{provider}} 的连通性检查失败，请检查 API Key 和代理地址后重试。',
  },
  NoOpenAIAPIKey: {
    status: 401,
    en: 'No API key is set. Enter a key in the settings, or ask the administrator to configure one on the server.',
    zh: '尚未设置 API Key，请在设置中填写，或请管理员在服务端配置。',
  },
  UnknownChatFetchError: {
    status: 500,
    en: 'The request failed before an answer arrived (network error or interrupted connection). Check your network and try again.',
    zh: '请求在收到回复前失败（网络错误或连接中断），请检查网络后重试。',
  },
  BadRequest: {
    status: 400,
    en: 'The request is invalid. Fix the field named in the details and try again.',
    zh: '请求参数不正确，请根据详情中指出的字段修改后重试。',
  },
  InvalidAccessCode: {
    status: 401,
    en: 'The access code is incorrect or missing. Enter the correct access code, or add your own API key.',
    zh: '访问密码不正确或为空，请输入正确的访问密码，或填写自己的 API Key。',
  },
  InvalidClerkUser: {
    status: 401,
    en: 'You are not signed in. Sign in and try again.',
    zh: '你尚未登录，请登录后重试。',
  },
  FreePlanLimit: {
    status: 402,
    en: 'This feature is not available on the free plan. Upgrade your plan to continue.',
    zh: '免费计划不支持该功能，请升级套餐后继续使用。',
  },
  SubscriptionPlanLimit: {
    status: 402,
    en: "Your subscription's usage limit has been reached. Upgrade your plan or wait for the quota to reset.",
    zh: '当前订阅的用量已达上限，请升级套餐或等待额度重置。',
  },
  SubscriptionKeyMismatch: {
    status: 400,
    en: 'The subscription key does not match this account. Check the key and try again.',
    zh: '订阅密钥与当前账户不匹配，请检查后重试。',
  },
  InvalidUserKey: {
    status: 401,
    en: 'The key you entered is invalid or has expired. Check it and try again.',
    zh: '你填写的密钥无效或已过期，请检查后重试。',
  },
  CreateMessageError: {
    status: 500,
    en: 'The message could not be created. Please send it again.',
    zh: '消息创建失败，请重新发送。',
  },
  PluginFailToTransformArguments: {
    status: 422,
    en: 'The tool call arguments produced by the model could not be parsed. Try again, or use a model with better function calling.',
    zh: '模型生成的工具调用参数无法解析，请重试，或换用函数调用能力更强的模型。',
  },
  PluginApiNotFound: {
    status: 404,
    en: 'The tool or its function does not exist on this server. Check that the tool is installed and enabled.',
    zh: '该工具或其函数在此服务器上不存在，请确认工具已安装并启用。',
  },
  PluginApiParamsError: {
    status: 422,
    en: 'The arguments of the tool call do not fit the tool. Try again, or use a model with better function calling.',
    zh: '工具调用的参数不符合该工具的要求，请重试，或换用函数调用能力更强的模型。',
  },
  PluginSettingsInvalid: {
    status: 422,
    en: 'The settings of this tool are missing or invalid. Fill in its settings and try again.',
    zh: '该工具的设置缺失或无效，请完善工具设置后重试。',
  },
  PluginGatewayError: {
    status: 502,
    en: 'The tool failed to answer. Check the details below, or try again later.',
    zh: '工具调用失败，请查看下方详情或稍后重试。',
  },
  SystemTimeNotMatchError: {
    status: 400,
    en: "Your device's clock differs too much from the server's. Correct your system time and try again.",
    zh: '你的设备时间与服务器时间相差过大，请校准系统时间后重试。',
  },
  400: {
    status: 400,
    en: 'The request was rejected as invalid (400). Check the request settings and try again.',
    zh: '请求无效（400），请检查请求设置后重试。',
  },
  401: {
    status: 401,
    en: 'Authentication failed (401). Check your API key or access code.',
    zh: '身份验证失败（401），请检查 API Key 或访问密码。',
  },
  403: {
    status: 403,
    en: 'Access forbidden (403). You have no permission for this resource.',
    zh: '禁止访问（403），你没有访问该资源的权限。',
  },
  404: {
    status: 404,
    en: 'Not found (404). The requested endpoint or model does not exist.',
    zh: '未找到（404），请求的接口或模型不存在。',
  },
  405: {
    status: 405,
    en: 'Method not allowed (405). The server does not accept this request method.',
    zh: '请求方法不被允许（405），服务器不接受该请求方法。',
  },
  408: {
    status: 408,
    en: 'Request timeout (408). The request did not arrive in time; check your network and try again.',
    zh: '请求超时（408），请求未能及时送达，请检查网络后重试。',
  },
  413: {
    status: 413,
    en: 'The request is too large (413). Remove large attachments or images and try again.',
    zh: '请求体过大（413），请移除较大的附件或图片后重试。',
  },
  417: {
    status: 417,
    en: 'Expectation failed (417). The server does not support the Expect header that was sent.',
    zh: '无法满足预期（417），服务器不支持请求中的 Expect 请求头。',
  },
  429: {
    status: 429,
    en: 'Too many requests (429). Slow down and try again in a moment.',
    zh: '请求过于频繁（429），请稍后再试。',
  },
  431: {
    status: 431,
    en: 'Request headers too large (431). Remove large cookies or headers and try again.',
    zh: '请求头过大（431），请删除过大的 Cookie 或请求头后重试。',
  },
  500: {
    status: 500,
    en: 'Internal server error (500). Please try again later.',
    zh: '服务器内部错误（500），请稍后重试。',
  },
  502: {
    status: 502,
    en: 'Bad gateway (502). The upstream service returned an invalid answer; try again later.',
    zh: '网关错误（502），上游服务返回了无效响应，请稍后重试。',
  },
  503: {
    status: 503,
    en: 'Service unavailable (503). The service is overloaded or under maintenance; try again later.',
    zh: '服务暂不可用（503），服务过载或正在维护，请稍后重试。',
  },
  504: {
    status: 504,
    en: 'Gateway timeout (504). The upstream service took too long to answer; try again later.',
    zh: '网关超时（504），上游服务响应超时，请稍后重试。',
  },
};

/** The catalogue entry of a type, or undefined when the type is not in the catalogue. */
export const catalogueEntry = (type: string | number): ErrorCatalogueEntry | undefined =>
  Object.hasOwn(ERROR_CATALOGUE, type)
    ? ERROR_CATALOGUE[type as keyof typeof ERROR_CATALOGUE]
    : undefined;
