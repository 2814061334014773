import { atom, computed } from 'nanostores';
import type { Locale } from '../lib/api-error.js';

const LOCALE_KEY = 'manifold:locale';

/** Every UI label in English; `zh` below must have the same keys. */
const en = {
  brand: 'Manifold',
  chat: 'Chat',
  settings: 'Settings',
  notFound: 'Not found',
  language: 'Language',
  newChat: '+ New chat',
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
  providers: 'Providers',
  providersError: 'Could not load /providers.',
  serverKey: 'server key',
  on: 'on',
  sort: 'Sort',
  rename: 'Rename',
  searchConversations: 'Search conversations',
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
  disableContextCaching: 'Disable context caching',
};

export type Labels = typeof en;

const zh: Labels = {
  brand: 'Manifold',
  chat: '对话',
  settings: '设置',
  notFound: '页面不存在',
  language: '语言',
  newChat: '+ 新对话',
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
  providers: '服务商',
  providersError: '无法加载 /providers。',
  serverKey: '服务端密钥',
  on: '启用',
  sort: '排序',
  rename: '重命名',
  searchConversations: '搜索对话',
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
  disableContextCaching: '关闭上下文缓存',
};

/** The labels of each UI language. */
export const LABELS: Record<Locale, Labels> = { en, zh };

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

/** Switch the UI language and remember the choice. */
export function setLocale(locale: Locale): void {
  $locale.set(locale);
  try {
    globalThis.localStorage?.setItem(LOCALE_KEY, locale);
  } catch {
    // Private mode without storage: the choice lasts for this page only.
  }
}
