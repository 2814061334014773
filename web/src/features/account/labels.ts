import { computed } from 'nanostores';
import { $locale } from '../../app/locale.js';

/** The account and sync features' labels (kept here, beside the features, in en and zh). */
const en = {
  signIn: 'Sign in',
  signUp: 'Create account',
  signOut: 'Sign out',
  signOutEverywhere: 'Sign out everywhere',
  signInTitle: 'Sign in to Manifold',
  signUpTitle: 'Create your Manifold account',
  signInRequired: 'This server needs you to sign in.',
  email: 'E-mail',
  password: 'Password',
  name: 'Name',
  passwordHint: 'At least 8 characters',
  noAccount: 'No account yet?',
  haveAccount: 'Already have an account?',
  orContinueWith: 'or continue with',
  continueWith: 'Continue with {provider}',
  signingIn: 'Signing in…',
  authFailed: 'Could not sign in: {message}',
  networkFailed: 'The server could not be reached.',
  account: 'Account',
  accountMenu: 'Account menu',
  apiKeys: 'API keys',
  apiKeysIntro:
    'Personal keys for scripts and the OpenAI-compatible API (Authorization: Bearer mk-…). A key is shown once.',
  keyName: 'Key name',
  createKey: 'Create key',
  newKeyShown: 'Your new key, shown only now: copy it.',
  noKeys: 'No API keys yet.',
  revoke: 'Revoke',
  revokeConfirm: 'Revoke the key {name}? Scripts using it stop working.',
  created: 'Created',
  lastUsed: 'Last used',
  never: 'never',
  deleteAccount: 'Delete account',
  deleteAccountTitle: 'Delete your account?',
  deleteAccountText:
    'Your account and everything stored with it (conversations, messages, agents, keys, settings) are deleted for good. Enter your password to confirm.',
  deleteForever: 'Delete forever',
  cancel: 'Cancel',
  signOutEverywhereDone: 'Every session of your account has been signed out.',
  syncOffline: 'Offline',
  syncSyncing: 'Syncing…',
  syncSynced: 'Synced',
  syncError: 'Sync failed',
  syncState: 'Sync: {state}',
  importTitle: 'Upload this browser’s conversations?',
  importText:
    'This browser holds {count} conversations made while signed out. Upload them to your account, so they follow you to your other devices?',
  importUpload: 'Upload to my account',
  importSkip: 'Keep them on this browser only',
  data: 'Your data',
  dataIntroSignedIn:
    'Export everything of your account (conversations, messages, agents, settings) as one JSON file, or import such a file into it.',
  dataIntroSignedOut:
    'Export the conversations and settings this browser holds as one JSON file, or import such a file.',
  exportData: 'Export',
  importData: 'Import',
  includeKeys: 'Include provider keys (in plain text)',
  imported: 'Imported: {conversations} conversations, {messages} messages.',
  importFailed: 'Import failed: {message}',
  exportFailed: 'Export failed: {message}',
  notAnExport: 'This file is not a Manifold export.',
  back: 'Back',
};

export type AccountLabels = typeof en;

const zh: AccountLabels = {
  signIn: '登录',
  signUp: '注册账号',
  signOut: '退出登录',
  signOutEverywhere: '在所有设备上退出',
  signInTitle: '登录 Manifold',
  signUpTitle: '创建 Manifold 账号',
  signInRequired: '此服务器需要登录后使用。',
  email: '邮箱',
  password: '密码',
  name: '名字',
  passwordHint: '至少 8 个字符',
  noAccount: '还没有账号？',
  haveAccount: '已有账号？',
  orContinueWith: '或使用以下方式',
  continueWith: '使用 {provider} 继续',
  signingIn: '正在登录…',
  authFailed: '无法登录：{message}',
  networkFailed: '无法连接到服务器。',
  account: '账号',
  accountMenu: '账号菜单',
  apiKeys: 'API 密钥',
  apiKeysIntro:
    '用于脚本和 OpenAI 兼容 API 的个人密钥（Authorization: Bearer mk-…）。密钥只显示一次。',
  keyName: '密钥名称',
  createKey: '创建密钥',
  newKeyShown: '新密钥只在此显示一次，请复制保存。',
  noKeys: '还没有 API 密钥。',
  revoke: '撤销',
  revokeConfirm: '撤销密钥 {name}？使用它的脚本将无法工作。',
  created: '创建于',
  lastUsed: '最近使用',
  never: '从未',
  deleteAccount: '删除账号',
  deleteAccountTitle: '删除你的账号？',
  deleteAccountText:
    '你的账号及其保存的所有内容（会话、消息、助手、密钥、设置）将被永久删除。请输入密码确认。',
  deleteForever: '永久删除',
  cancel: '取消',
  signOutEverywhereDone: '你的账号已在所有设备上退出。',
  syncOffline: '离线',
  syncSyncing: '同步中…',
  syncSynced: '已同步',
  syncError: '同步失败',
  syncState: '同步：{state}',
  importTitle: '上传此浏览器中的会话？',
  importText:
    '此浏览器保存着 {count} 个未登录时创建的会话。要上传到你的账号，以便在其他设备上使用吗？',
  importUpload: '上传到我的账号',
  importSkip: '只保留在此浏览器',
  data: '你的数据',
  dataIntroSignedIn:
    '将账号中的全部内容（会话、消息、助手、设置）导出为一个 JSON 文件，或导入这样的文件。',
  dataIntroSignedOut: '将此浏览器中的会话和设置导出为一个 JSON 文件，或导入这样的文件。',
  exportData: '导出',
  importData: '导入',
  includeKeys: '包含服务商密钥（明文）',
  imported: '已导入：{conversations} 个会话，{messages} 条消息。',
  importFailed: '导入失败：{message}',
  exportFailed: '导出失败：{message}',
  notAnExport: '此文件不是 Manifold 导出文件。',
  back: '返回',
};

export const ACCOUNT_LABELS = { en, zh } as const;

/** The labels in the UI language. */
export const $accountLabels = computed($locale, (locale) => ACCOUNT_LABELS[locale]);

/** Fill `{name}` placeholders. */
export const fill = (text: string, values: Record<string, string | number>): string =>
  text.replace(/\{(\w+)\}/g, (all, key: string) => (key in values ? String(values[key]) : all));
