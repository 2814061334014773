import { useStore } from '@nanostores/react';
import { ArrowLeft, Copy, MessageSquarePlus, Plus, Star, Trash2 } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { Button } from '../../../components/ui/button.js';
import { cn } from '../../../components/ui/cn.js';
import { Field, Input, Select, Textarea } from '../../../components/ui/input.js';
import { SwitchRow, ToggledNumberRow } from '../../../components/ui/switch.js';
import { ModelPicker } from '../../providers/components/model-picker.js';
import { $agentText } from '../labels.js';
import {
  SEARCH_MODES,
  type Agent,
  type AgentParams,
  type ChatConfig,
} from '../stores/agent-model.js';
import {
  $liveAgents,
  createAgent,
  deleteAgentWithUndo,
  duplicateAgent,
  setDefaultAgent,
  updateAgent,
} from '../stores/agents.js';
import { initAgents, newChatFromAgent } from '../stores/new-chat.js';
import { $toolChoices, loadToolChoices } from '../stores/tool-list.js';
import { SummaryModelSetting } from './summary-model-setting.js';

const SEARCH_LABELS = { off: 'searchOff', auto: 'searchAuto', on: 'searchOn' } as const;

/** The parameters an agent sends only when switched on: each one's label, default and range. */
const PARAMS: ReadonlyArray<{
  name: keyof AgentParams;
  label: 'temperature' | 'topP' | 'frequencyPenalty' | 'presencePenalty' | 'maxTokens';
  fallback: number;
  min: number;
  max?: number;
  step: number;
}> = [
  { name: 'temperature', label: 'temperature', fallback: 1, min: 0, max: 2, step: 0.1 },
  { name: 'top_p', label: 'topP', fallback: 1, min: 0, max: 1, step: 0.05 },
  { name: 'frequency_penalty', label: 'frequencyPenalty', fallback: 0, min: -2, max: 2, step: 0.1 },
  { name: 'presence_penalty', label: 'presencePenalty', fallback: 0, min: -2, max: 2, step: 0.1 },
  { name: 'max_tokens', label: 'maxTokens', fallback: 4096, min: 1, step: 256 },
];

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="flex flex-col gap-3 rounded-xl border border-border bg-surface p-4">
      <legend className="px-1 text-sm font-semibold">{title}</legend>
      {children}
    </fieldset>
  );
}

/** The editor of one agent: identity, system role, model, parameters, tools, chat config. */
export function AgentEditor({ agent }: { agent: Agent }) {
  const text = useStore($agentText);
  const tools = useStore($toolChoices);
  const [, navigate] = useLocation();
  useEffect(() => void loadToolChoices(), []);
  const change = (patch: Partial<Agent>) => updateAgent(agent.id, patch);
  const param = (key: keyof AgentParams) => (value: number | undefined) => {
    const params = { ...agent.params };
    if (value === undefined) delete params[key];
    else params[key] = value;
    change({ params });
  };
  const config = (patch: Partial<ChatConfig>) =>
    change({ chatConfig: { ...agent.chatConfig, ...patch } });
  const p = agent.params;
  const c = agent.chatConfig;
  return (
    <form
      className="agent-editor flex flex-col gap-4"
      data-agent={agent.id}
      aria-label={agent.title || text.untitled}
      onSubmit={(e) => e.preventDefault()}
    >
      <div className="flex flex-wrap items-center gap-2">
        <Button
          name="startChat"
          variant="primary"
          onClick={() => {
            newChatFromAgent(agent);
            navigate('/');
          }}
        >
          <MessageSquarePlus aria-hidden="true" />
          {text.startChat}
        </Button>
        <Button
          name="setDefault"
          variant={agent.isDefault ? 'secondary' : 'outline'}
          aria-pressed={agent.isDefault}
          onClick={() => setDefaultAgent(agent.isDefault ? undefined : agent.id)}
        >
          <Star aria-hidden="true" className={agent.isDefault ? 'fill-current' : ''} />
          {agent.isDefault ? text.isDefault : text.setDefault}
        </Button>
        <Button name="duplicate" variant="ghost" onClick={() => duplicateAgent(agent.id)}>
          <Copy aria-hidden="true" />
          {text.duplicate}
        </Button>
        <Button name="delete" variant="ghost" onClick={() => deleteAgentWithUndo(agent.id)}>
          <Trash2 aria-hidden="true" />
          {text.delete}
        </Button>
      </div>
      <div className="grid gap-3 sm:grid-cols-[6rem_1fr]">
        <Field label={text.agentAvatar}>
          <Input
            name="avatar"
            value={agent.avatar ?? ''}
            maxLength={16}
            className="text-center text-lg"
            onChange={(e) => change({ avatar: e.target.value })}
          />
        </Field>
        <Field label={text.agentTitle}>
          <Input
            name="title"
            value={agent.title}
            onChange={(e) => change({ title: e.target.value })}
          />
        </Field>
      </div>
      <Field label={text.agentDescription}>
        <Input
          name="description"
          value={agent.description ?? ''}
          onChange={(e) => change({ description: e.target.value })}
        />
      </Field>
      <Field label={text.agentTags}>
        <Input
          name="tags"
          value={agent.tags.join(', ')}
          onChange={(e) =>
            change({
              tags: e.target.value
                .split(',')
                .map((t) => t.trim())
                .filter(Boolean),
            })
          }
        />
      </Field>
      <Field label={text.systemRole}>
        <Textarea
          name="systemRole"
          rows={6}
          value={agent.systemRole}
          onChange={(e) => change({ systemRole: e.target.value })}
        />
      </Field>
      <Section title={text.model}>
        <div className="flex flex-wrap items-center gap-2">
          <ModelPicker
            className="agent-model-picker border border-border"
            value={
              agent.provider && agent.model
                ? { providerId: agent.provider, modelId: agent.model }
                : undefined
            }
            onChoose={(provider, model) => change({ provider, model })}
            emptyLabel={text.modelFromChat}
          />
          {agent.provider ? (
            <Button
              size="sm"
              variant="ghost"
              name="useChatModel"
              onClick={() => change({ provider: null, model: null })}
            >
              {text.useChatModel}
            </Button>
          ) : null}
        </div>
      </Section>
      <Section title={text.parameters}>
        {PARAMS.map(({ name, label, fallback, min, max, step }) => (
          <ToggledNumberRow
            key={name}
            id={`agent-param-${name}`}
            name={name}
            title={text[label]}
            enabled={p[name] !== undefined}
            onEnabled={(on) => param(name)(on ? fallback : undefined)}
            value={p[name] ?? fallback}
            onValue={param(name)}
            min={min}
            {...(max !== undefined && { max })}
            step={step}
            className="agent-param"
          />
        ))}
      </Section>
      <Section title={text.tools}>
        {tools === undefined ? null : tools.length === 0 ? (
          <p className="m-0 text-sm text-muted-foreground">{text.noTools}</p>
        ) : (
          <div className="agent-tools grid gap-1 sm:grid-cols-2">
            {tools.map((tool) => (
              <label key={tool.identifier} className="flex min-h-8 items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  name="plugin"
                  value={tool.identifier}
                  className="size-4 accent-primary"
                  checked={agent.plugins.includes(tool.identifier)}
                  onChange={(e) =>
                    change({
                      plugins: e.target.checked
                        ? [...agent.plugins, tool.identifier]
                        : agent.plugins.filter((id) => id !== tool.identifier),
                    })
                  }
                />
                <span className="truncate">{tool.title}</span>
                <code className="truncate text-xs text-muted-foreground">{tool.identifier}</code>
              </label>
            ))}
          </div>
        )}
      </Section>
      <Section title={text.chatConfig}>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label={text.searchMode}>
            <Select
              name="searchMode"
              value={c.searchMode}
              onChange={(e) => config({ searchMode: e.target.value })}
            >
              {SEARCH_MODES.map((mode) => (
                <option key={mode} value={mode}>
                  {text[SEARCH_LABELS[mode]]}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={text.displayMode}>
            <Select
              name="displayMode"
              value={c.displayMode}
              onChange={(e) => config({ displayMode: e.target.value })}
            >
              <option value="chat">{text.displayChat}</option>
              <option value="docs">{text.displayDocs}</option>
            </Select>
          </Field>
        </div>
        <SwitchRow
          name="enableHistoryCount"
          checked={c.enableHistoryCount}
          onChange={(e) => config({ enableHistoryCount: e.target.checked })}
        >
          {text.enableHistoryCount}
        </SwitchRow>
        <label className="flex items-center justify-between gap-3 text-sm">
          <span className={c.enableHistoryCount ? '' : 'text-muted-foreground'}>
            {text.historyCount}
          </span>
          <Input
            type="number"
            name="historyCount"
            min={1}
            step={1}
            className="h-8 w-24"
            disabled={!c.enableHistoryCount}
            value={c.historyCount}
            onChange={(e) => {
              const n = Math.floor(Number(e.target.value));
              if (Number.isFinite(n) && n >= 0) config({ historyCount: n });
            }}
          />
        </label>
        <SwitchRow
          name="disableContextCaching"
          checked={c.disableContextCaching}
          onChange={(e) => config({ disableContextCaching: e.target.checked })}
        >
          {text.disableContextCaching}
        </SwitchRow>
        <SwitchRow
          name="useModelBuiltinSearch"
          checked={c.useModelBuiltinSearch}
          onChange={(e) => config({ useModelBuiltinSearch: e.target.checked })}
        >
          {text.useModelBuiltinSearch}
        </SwitchRow>
        <Field label={text.searchFCModel}>
          <Input
            name="searchFCModel"
            placeholder="openai/gpt-4o-mini"
            value={c.searchFCModel ?? ''}
            onChange={(e) => {
              const { searchFCModel: _old, ...rest } = c;
              change({
                chatConfig: e.target.value ? { ...rest, searchFCModel: e.target.value } : rest,
              });
            }}
          />
        </Field>
      </Section>
    </form>
  );
}

/** `/agents`: the saved agents, one open in the editor; the summary model setting. */
export function AgentsPage() {
  const text = useStore($agentText);
  const agents = useStore($liveAgents);
  const [selectedId, setSelectedId] = useState<string | undefined>();
  useEffect(() => initAgents(), []);
  const selected = agents.find((a) => a.id === selectedId);
  return (
    <div className="agents-page mx-auto flex w-full max-w-5xl flex-col gap-5 px-4 py-6 sm:px-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h1 className="m-0 text-xl font-semibold tracking-tight">{text.agents}</h1>
          <p className="m-0 max-w-xl text-sm text-muted-foreground">{text.agentsIntro}</p>
        </div>
        <Button name="newAgent" variant="primary" onClick={() => setSelectedId(createAgent().id)}>
          <Plus aria-hidden="true" />
          {text.newAgent}
        </Button>
      </div>
      <SummaryModelSetting />
      <div className="grid gap-5 md:grid-cols-[16rem_1fr]">
        <ul
          className={cn(
            'agents-list m-0 flex list-none flex-col gap-1 p-0',
            selected ? 'hidden md:flex' : '',
          )}
          aria-label={text.agents}
        >
          {agents.length === 0 ? (
            <li className="rounded-xl border border-dashed border-border p-4 text-sm text-muted-foreground">
              {text.noAgents}
            </li>
          ) : null}
          {agents.map((agent) => (
            <li key={agent.id}>
              <button
                type="button"
                name="agent"
                data-agent={agent.id}
                aria-current={agent.id === selectedId ? 'true' : undefined}
                className={cn(
                  'flex w-full items-center gap-3 rounded-xl px-3 py-2 text-left text-sm transition-colors hover:bg-hover',
                  agent.id === selectedId ? 'bg-selected' : '',
                )}
                onClick={() => setSelectedId(agent.id)}
              >
                <span
                  aria-hidden="true"
                  className="inline-flex size-8 shrink-0 items-center justify-center rounded-lg bg-surface-muted text-lg"
                >
                  {agent.avatar || '🤖'}
                </span>
                <span className="flex min-w-0 flex-1 flex-col">
                  <span className="truncate font-medium">{agent.title || text.untitled}</span>
                  {agent.description ? (
                    <span className="truncate text-xs text-muted-foreground">
                      {agent.description}
                    </span>
                  ) : null}
                </span>
                {agent.isDefault ? (
                  <Star
                    aria-label={text.isDefault}
                    role="img"
                    className="size-4 shrink-0 fill-current text-warning"
                  />
                ) : null}
              </button>
            </li>
          ))}
        </ul>
        {selected ? (
          <div className="flex min-w-0 flex-col gap-3">
            <Button
              variant="ghost"
              size="sm"
              className="self-start md:hidden"
              onClick={() => setSelectedId(undefined)}
            >
              <ArrowLeft aria-hidden="true" />
              {text.back}
            </Button>
            <AgentEditor agent={selected} />
          </div>
        ) : null}
      </div>
    </div>
  );
}
