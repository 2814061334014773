import { atom, computed } from 'nanostores';
import type { ClientFetchTexts, Locale } from '../lib/api-error.js';

const LOCALE_KEY = 'manifold:locale';

/** Every UI label in English; `zh` below must have the same keys. */
const en = {
  brand: 'Manifold',
  chat: 'Chat',
  settings: 'Settings',
  images: 'Images',
  noImageProviders: 'No enabled provider has an image model. Turn one on in Settings.',
  imageSize: 'Size',
  imageCount: 'Images',
  imagePrompt: 'Describe the image',
  generate: 'Generate',
  generating: 'Generating…',
  notFound: 'Not found',
  language: 'Language',
  theme: 'Theme',
  themeLight: 'Light',
  themeDark: 'Dark',
  themeSystem: 'System',
  skipToContent: 'Skip to content',
  conversations: 'Conversations',
  openConversations: 'Open conversations',
  close: 'Close',
  undo: 'Undo',
  notifications: 'Notifications',
  emptyChat: 'How can I help you today?',
  emptyChatHint: 'Pick a provider and a model above, then type a message below.',
  newChat: 'New chat',
  delete: 'Delete',
  provider: 'Provider',
  model: 'Model',
  placeholder: 'Message… (Enter to send, Shift+Enter for a new line)',
  send: 'Send',
  stop: 'Stop',
  reasoning: 'Reasoning',
  stopped: 'Stopped',
  retry: 'Retry',
  tokens: 'tokens',
  toolCalls: 'Tool calls',
  attachFiles: 'Attach images or text files',
  removeAttachment: 'Remove',
  sources: 'Sources',
  visionRefused: '{model} cannot read images; remove them or pick a vision model.',
  attachUnsupported: '{name}: only images and text files can be attached.',
  attachTooLarge: '{name} is too large (text files up to 1 MiB, images up to 20 MiB).',
  attachUnreadable: '{name} could not be read.',
  providers: 'Providers',
  providersError: 'Could not load /providers.',
  serverKey: 'server key',
  on: 'on',
  sort: 'Sort',
  moveUp: 'Move up',
  moveDown: 'Move down',
  dragToReorder: 'Drag to reorder',
  models: 'Models',
  fetchModels: 'Fetch models',
  fetchingModels: 'Fetching…',
  modelsFetched: 'Model list updated',
  modelEnabled: 'Enabled',
  sourceBuiltin: 'built-in',
  sourceRemote: 'remote',
  sourceCustom: 'custom',
  abilityVision: 'vision',
  abilityFunctionCall: 'function call',
  abilityReasoning: 'reasoning',
  abilitySearch: 'search',
  abilityFiles: 'files',
  abilityImageOutput: 'image output',
  contextWindow: 'Context window (tokens)',
  addCustomModel: 'Add custom model',
  modelId: 'Model ID',
  displayName: 'Display name',
  addModel: 'Add',
  removeModel: 'Remove',
  checkConnection: 'Check',
  checkingConnection: 'Checking…',
  connectionOk: 'Connection OK',
  noChatModel: 'No enabled chat model to check with.',
  rename: 'Rename',
  searchConversations: 'Search conversations',
  /** The conversation search's placeholder (the field is narrow; its label is the long form). */
  searchPlaceholder: 'Search',
  noConversationsFound: 'No conversations found',
  conversationDeleted: 'Conversation deleted',
  pin: 'Pin',
  unpin: 'Unpin',
  pinned: 'Pinned',
  moreActions: 'More actions',
  today: 'Today',
  yesterday: 'Yesterday',
  previous7Days: 'Previous 7 days',
  previous30Days: 'Previous 30 days',
  replying: 'Replying…',
  replyFinished: 'Reply finished',
  replyFailed: 'Reply failed',
  versionOf: 'Version {index} of {count}',
  previousVersion: 'Previous version',
  nextVersion: 'Next version',
  deleteMessage: 'Delete message',
  deleteMessageTitle: 'Delete this message?',
  deleteMessageHint: 'It is removed from this conversation for good.',
  deleteVersionHint: 'This version and the messages that followed it are removed for good.',
  keyboardShortcuts: 'Keyboard shortcuts',
  shortcutStop: 'Stop the reply',
  shortcutSearch: 'Search conversations',
  shortcutNewChat: 'New chat',
  shortcutComposer: 'Focus the message box',
  shortcutHelp: 'Show keyboard shortcuts',
  shortcutList: 'Move through the conversation list',
  shortcutListDelete: 'Delete the conversation in focus',
  or: 'or',
  history: 'History',
  autoTitles: 'Name conversations automatically',
  autoTitlesHint:
    'After the first reply, a small model of the conversation’s provider names it in a few words (one short extra request). Off: the first message is the title.',
  regenerate: 'Regenerate',
  edit: 'Edit',
  saveAndSend: 'Save & send',
  cancel: 'Cancel',
  agentSettings: 'Agent settings',
  systemPrompt: 'System prompt',
  systemPromptPreview: 'Preview',
  unknownVariables: 'Unknown variables',
  temperature: 'Temperature',
  topP: 'Top P',
  historyCount: 'History messages',
  enableSearch: 'Web search',
  enableReasoning: 'Reasoning',
  reasoningBudget: 'Reasoning budget (tokens)',
  reasoningEffort: 'Reasoning effort',
  accessCode: 'Access code',
  accessCodeHint: 'The code the server was given in ACCESS_CODE',
  reasoningFor: 'Reasoned for',
  effortMinimal: 'minimal',
  effortLow: 'low',
  effortMedium: 'medium',
  effortHigh: 'high',
  thinkingBudget: 'Thinking budget (tokens, -1 = the model decides)',
  textVerbosity: 'Answer length',
  verbosityLow: 'short',
  verbosityMedium: 'medium',
  verbosityHigh: 'long',
  tokensPerSecond: 'tok/s',
  timeToFirstToken: 'TTFT',
  inputTokens: 'in',
  outputTokens: 'out',
  disableContextCaching: 'Disable context caching',
  fetchOnClient: 'Fetch from the browser',
  fetchOnClientHint:
    'This browser calls {provider} itself: the key stays in this page and never reaches the gateway, and the service must allow this page’s origin.',
  fetchOnClientLocked: 'Always on while a base URL is set without a key.',
};

export type Labels = typeof en;

const zh: Labels = {
  brand: 'Manifold',
  chat: '对话',
  settings: '设置',
  images: '绘画',
  noImageProviders: '没有已启用且带绘画模型的服务商，请在设置中启用。',
  imageSize: '尺寸',
  imageCount: '张数',
  imagePrompt: '描述你想要的画面',
  generate: '生成',
  generating: '生成中…',
  notFound: '页面不存在',
  language: '语言',
  theme: '主题',
  themeLight: '浅色',
  themeDark: '深色',
  themeSystem: '跟随系统',
  skipToContent: '跳到主要内容',
  conversations: '对话列表',
  openConversations: '打开对话列表',
  close: '关闭',
  undo: '撤销',
  notifications: '通知',
  emptyChat: '今天有什么可以帮你？',
  emptyChatHint: '在上方选择服务商和模型，然后在下方输入消息。',
  newChat: '新对话',
  delete: '删除',
  provider: '服务商',
  model: '模型',
  placeholder: '输入消息…（Enter 发送，Shift+Enter 换行）',
  send: '发送',
  stop: '停止',
  reasoning: '思考过程',
  stopped: '已停止',
  retry: '重试',
  tokens: '令牌',
  toolCalls: '工具调用',
  attachFiles: '添加图片或文本文件',
  removeAttachment: '移除',
  sources: '来源',
  visionRefused: '{model} 无法识别图片；请移除图片或选择支持视觉的模型。',
  attachUnsupported: '{name}：只能添加图片和文本文件。',
  attachTooLarge: '{name} 太大（文本文件不超过 1 MiB，图片不超过 20 MiB）。',
  attachUnreadable: '无法读取 {name}。',
  providers: '服务商',
  providersError: '无法加载 /providers。',
  serverKey: '服务端密钥',
  on: '启用',
  sort: '排序',
  moveUp: '上移',
  moveDown: '下移',
  dragToReorder: '拖动排序',
  models: '模型',
  fetchModels: '获取模型列表',
  fetchingModels: '获取中…',
  modelsFetched: '模型列表已更新',
  modelEnabled: '启用',
  sourceBuiltin: '内置',
  sourceRemote: '远程',
  sourceCustom: '自定义',
  abilityVision: '视觉',
  abilityFunctionCall: '工具调用',
  abilityReasoning: '深度思考',
  abilitySearch: '联网搜索',
  abilityFiles: '文件',
  abilityImageOutput: '图像输出',
  contextWindow: '上下文窗口（令牌）',
  addCustomModel: '添加自定义模型',
  modelId: '模型 ID',
  displayName: '显示名称',
  addModel: '添加',
  removeModel: '删除',
  checkConnection: '检查',
  checkingConnection: '检查中…',
  connectionOk: '连接正常',
  noChatModel: '没有可用于检查的已启用对话模型。',
  rename: '重命名',
  searchConversations: '搜索对话',
  searchPlaceholder: '搜索',
  noConversationsFound: '没有找到对话',
  conversationDeleted: '对话已删除',
  pin: '置顶',
  unpin: '取消置顶',
  pinned: '已置顶',
  moreActions: '更多操作',
  today: '今天',
  yesterday: '昨天',
  previous7Days: '过去 7 天',
  previous30Days: '过去 30 天',
  replying: '回复中…',
  replyFinished: '回复完成',
  replyFailed: '回复失败',
  versionOf: '第 {index} 版，共 {count} 版',
  previousVersion: '上一版',
  nextVersion: '下一版',
  deleteMessage: '删除消息',
  deleteMessageTitle: '删除这条消息？',
  deleteMessageHint: '它将从此对话中永久删除。',
  deleteVersionHint: '此版本及其后的消息将被永久删除。',
  keyboardShortcuts: '键盘快捷键',
  shortcutStop: '停止回复',
  shortcutSearch: '搜索对话',
  shortcutNewChat: '新对话',
  shortcutComposer: '聚焦输入框',
  shortcutHelp: '显示键盘快捷键',
  shortcutList: '在对话列表中移动',
  shortcutListDelete: '删除当前聚焦的对话',
  or: '或',
  history: '历史记录',
  autoTitles: '自动为对话命名',
  autoTitlesHint:
    '第一次回复后，由该对话服务商的一个小模型用几个词为它命名（多发一个简短请求）。关闭时以第一条消息作为标题。',
  regenerate: '重新生成',
  edit: '编辑',
  saveAndSend: '保存并发送',
  cancel: '取消',
  agentSettings: '助手设置',
  systemPrompt: '系统提示词',
  systemPromptPreview: '预览',
  unknownVariables: '未知变量',
  temperature: '随机性（temperature）',
  topP: '核采样（top_p）',
  historyCount: '历史消息数',
  enableSearch: '联网搜索',
  enableReasoning: '深度思考',
  reasoningBudget: '思考预算（令牌）',
  reasoningEffort: '推理强度',
  accessCode: '访问密码',
  accessCodeHint: '服务器 ACCESS_CODE 中设置的密码',
  reasoningFor: '思考用时',
  effortMinimal: '最低',
  effortLow: '低',
  effortMedium: '中',
  effortHigh: '高',
  thinkingBudget: '思考预算（令牌，-1 由模型决定）',
  textVerbosity: '回答长度',
  verbosityLow: '简短',
  verbosityMedium: '适中',
  verbosityHigh: '详细',
  tokensPerSecond: '令牌/秒',
  timeToFirstToken: '首字延迟',
  inputTokens: '输入',
  outputTokens: '输出',
  disableContextCaching: '关闭上下文缓存',
  fetchOnClient: '客户端请求模式',
  fetchOnClientHint:
    '由本浏览器直接请求 {provider}：密钥只保存在本页面，不会发送到网关；服务端需允许本页面的来源。',
  fetchOnClientLocked: '填写了服务地址且未填写密钥时始终开启。',
};

/** The labels of each UI language. */
export const LABELS: Record<Locale, Labels> = { en, zh };

/**
 * What the error bubble says when a call from the page got no answer (`clientFetchText`): by
 * reason; a server with its own way to allow an origin gets its text by the error type it fails
 * with (Ollama's `OLLAMA_ORIGINS`).
 */
export const CLIENT_FETCH_TEXTS: Record<Locale, ClientFetchTexts> = {
  en: {
    cors: '{provider} at {target} answered, but does not let this page ({origin}) read its answers (CORS). Allow this origin in its server settings, or turn off “Fetch from the browser” for {provider} in Settings to go through the gateway.',
    corsByType: {
      OllamaServiceUnavailable:
        'Ollama at {target} answered, but does not allow this page’s origin ({origin}). Start Ollama with OLLAMA_ORIGINS={origin} (for example “OLLAMA_ORIGINS={origin} ollama serve”; on macOS “launchctl setenv OLLAMA_ORIGINS {origin}”, then restart Ollama), or turn off “Fetch from the browser” for Ollama in Settings to go through the gateway.',
    },
    unreachable:
      'This browser could not reach {provider} at {target}. Check that the service is running at that address, or turn off “Fetch from the browser” for {provider} in Settings to go through the gateway.',
    insecure:
      'This page is served over https, so the browser refuses to call {target} over plain http. Give {provider} an https address, or turn off “Fetch from the browser” in Settings to go through the gateway.',
  },
  zh: {
    cors: '{provider}（{target}）已响应，但不允许本页面（{origin}）读取结果（CORS）。请在其服务端设置中允许该来源，或在设置中关闭 {provider} 的“客户端请求模式”，改由网关转发。',
    corsByType: {
      OllamaServiceUnavailable:
        'Ollama（{target}）已响应，但不允许本页面的来源（{origin}）。请设置 OLLAMA_ORIGINS={origin} 后重启 Ollama（例如“OLLAMA_ORIGINS={origin} ollama serve”；macOS 上可用“launchctl setenv OLLAMA_ORIGINS {origin}”），或在设置中关闭 Ollama 的“客户端请求模式”，改由网关转发。',
    },
    unreachable:
      '浏览器无法连接 {provider}（{target}）。请检查服务是否已在该地址运行，或在设置中关闭 {provider} 的“客户端请求模式”，改由网关转发。',
    insecure:
      '本页面通过 https 访问，浏览器不允许以明文 http 请求 {target}。请为 {provider} 使用 https 地址，或在设置中关闭“客户端请求模式”，改由网关转发。',
  },
};

const isLocale = (value: unknown): value is Locale => value === 'en' || value === 'zh';

/** The language a browser prefers: Chinese for any `zh*` tag, else English. */
export function localeFromLanguage(language: string | undefined): Locale {
  return language?.toLowerCase().startsWith('zh') ? 'zh' : 'en';
}

function readStored(): Locale | undefined {
  try {
    const stored = globalThis.localStorage?.getItem(LOCALE_KEY);
    return isLocale(stored) ? stored : undefined;
  } catch {
    return undefined;
  }
}

/** The UI language: the one chosen in the header (localStorage), else `navigator.language`. */
export const $locale = atom<Locale>(
  readStored() ?? localeFromLanguage(globalThis.navigator?.language),
);

/** The labels of the current UI language. */
export const $labels = computed($locale, (locale) => LABELS[locale]);

/** The explanations of failed calls from the page, in the current UI language. */
export const $clientFetchTexts = computed($locale, (locale) => CLIENT_FETCH_TEXTS[locale]);

/** Switch the UI language and remember the choice. */
export function setLocale(locale: Locale): void {
  $locale.set(locale);
  try {
    globalThis.localStorage?.setItem(LOCALE_KEY, locale);
  } catch {
    // Private mode without storage: the choice lasts for this page only.
  }
}
