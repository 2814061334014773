import { computed } from 'nanostores';
import { $locale } from '../../app/locale.js';

/** The tools feature's texts, en and zh (kept with the feature; same keys in both). */
const en = {
  tools: 'Tools',
  toolsHint: 'Tools the model may call in this conversation.',
  toolsLoading: 'Loading tools…',
  toolsNone:
    'This server offers no tools. Configure web search or MCP servers, or add your own MCP server below.',
  toolsReload: 'Reload tools',
  toolsLoadFailed: 'Tools could not be loaded',
  toolEnable: 'Use {name}',
  toolSettings: 'Settings',
  toolSettingsSaved: 'Kept in this browser and sent with each call of this tool.',
  stateReady: 'ready',
  stateLoading: 'starting',
  stateError: 'error',
  sourceBuiltin: 'built-in',
  sourceMcp: 'MCP',
  sourcePlugin: 'plugin',
  sourceUser: 'yours',
  maxToolRounds: 'Tool rounds per message',
  maxToolRoundsHint: 'The model may call tools this many times before it must answer (1–50).',
  myMcpServers: 'Your MCP servers',
  myMcpServersHint:
    'Streamable HTTP servers, kept in this browser. Headers: one "Name: value" per line.',
  mcpName: 'Name',
  mcpUrl: 'URL',
  mcpHeaders: 'Headers',
  mcpAdd: 'Add server',
  mcpRemove: 'Remove {name}',
  mcpBadName: 'Give the server a name of letters or digits.',
  mcpBadUrl: 'Enter an http or https URL.',
  toolRunning: 'Running',
  toolFailed: 'Failed',
  toolDone: 'Done',
  toolArguments: 'Arguments',
  toolResult: 'Result',
  noFunctionCall: 'The chosen model does not call functions: tools are not offered to it.',
};

export type ToolLabels = typeof en;

const zh: ToolLabels = {
  tools: '工具',
  toolsHint: '本对话中模型可调用的工具。',
  toolsLoading: '正在加载工具…',
  toolsNone: '此服务器未提供工具。请配置联网搜索或 MCP 服务器，或在下方添加你自己的 MCP 服务器。',
  toolsReload: '重新加载工具',
  toolsLoadFailed: '无法加载工具',
  toolEnable: '使用 {name}',
  toolSettings: '设置',
  toolSettingsSaved: '保存在此浏览器中，每次调用该工具时发送。',
  stateReady: '就绪',
  stateLoading: '启动中',
  stateError: '出错',
  sourceBuiltin: '内置',
  sourceMcp: 'MCP',
  sourcePlugin: '插件',
  sourceUser: '我的',
  maxToolRounds: '每条消息的工具轮数',
  maxToolRoundsHint: '模型在必须作答前最多可调用工具的次数（1–50）。',
  myMcpServers: '我的 MCP 服务器',
  myMcpServersHint: 'Streamable HTTP 服务器，保存在此浏览器中。请求头：每行一个 “名称: 值”。',
  mcpName: '名称',
  mcpUrl: 'URL',
  mcpHeaders: '请求头',
  mcpAdd: '添加服务器',
  mcpRemove: '移除 {name}',
  mcpBadName: '请用字母或数字为服务器命名。',
  mcpBadUrl: '请输入 http 或 https URL。',
  toolRunning: '运行中',
  toolFailed: '失败',
  toolDone: '完成',
  toolArguments: '参数',
  toolResult: '结果',
  noFunctionCall: '所选模型不支持函数调用：不会向其提供工具。',
};

export const TOOL_LABELS = { en, zh };
export const $toolLabels = computed($locale, (locale) => TOOL_LABELS[locale]);
