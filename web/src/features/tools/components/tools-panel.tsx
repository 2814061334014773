import { useStore } from '@nanostores/react';
import { ChevronRight, RefreshCw, Trash2, Wrench } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import type { ToolManifest } from '@manifold/core/contract/tool-manifest';
import { Badge } from '../../../components/ui/badge.js';
import { Button, IconButton } from '../../../components/ui/button.js';
import { Field, Input, Select, Textarea } from '../../../components/ui/input.js';
import { Popover, PopoverContent, PopoverTrigger } from '../../../components/ui/popover.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { Switch } from '../../../components/ui/switch.js';
import { $agentSettings, updateAgentSettings } from '../../chat/stores/agent-settings.js';
import { $activeModelCard } from '../../providers/stores/selection.js';
import { $toolLabels, type ToolLabels } from '../labels.js';
import { clampToolRounds } from '../stores/tool-loop.js';
import {
  $tools,
  $toolSettings,
  $userMcpServers,
  addUserMcpServer,
  loadTools,
  removeUserMcpServer,
  setToolSettings,
} from '../stores/tools.js';

interface SchemaProperty {
  type?: string | string[];
  title?: string;
  description?: string;
  enum?: unknown[];
  format?: string;
  default?: unknown;
  minimum?: number;
  maximum?: number;
}

const typeOf = (p: SchemaProperty): string =>
  (Array.isArray(p.type) ? p.type.find((t) => t !== 'null') : p.type) ?? 'string';

const isSecret = (key: string, p: SchemaProperty): boolean =>
  p.format === 'password' || /key|token|secret|password/i.test(key);

/** A form built from a tool's `settings` JSON Schema: one field per property, kept as typed. */
export function SettingsForm({ tool, label }: { tool: ToolManifest; label: ToolLabels }) {
  const all = useStore($toolSettings);
  const values = all[tool.identifier] ?? {};
  const schema = tool.settings as
    { properties?: Record<string, SchemaProperty>; required?: string[] } | undefined;
  const properties = Object.entries(schema?.properties ?? {});
  if (!properties.length) return null;
  const set = (key: string, value: unknown) => {
    const next = { ...values };
    if (value === undefined || value === '') delete next[key];
    else next[key] = value;
    setToolSettings(tool.identifier, next);
  };
  return (
    <details className="tool-settings group/settings text-sm">
      <summary className="flex cursor-pointer list-none items-center gap-1 text-xs font-medium text-muted-foreground hover:text-foreground [&::-webkit-details-marker]:hidden">
        <ChevronRight
          aria-hidden="true"
          className="size-3.5 transition-transform group-open/settings:rotate-90"
        />
        {label.toolSettings}
      </summary>
      <div className="mt-2 flex flex-col gap-3">
        {properties.map(([key, p]) => {
          const title = `${p.title ?? key}${schema?.required?.includes(key) ? ' *' : ''}`;
          const value = values[key];
          const type = typeOf(p);
          if (type === 'boolean')
            return (
              <label key={key} className="flex items-center justify-between gap-2">
                <span className="text-sm">{title}</span>
                <Switch
                  name={key}
                  checked={value === undefined ? p.default === true : value === true}
                  onChange={(e) => set(key, e.target.checked)}
                />
              </label>
            );
          return (
            <Field key={key} label={title} hint={p.description}>
              {p.enum ? (
                <Select
                  name={key}
                  value={value === undefined ? '' : String(value)}
                  onChange={(e) => {
                    const picked = p.enum!.find((option) => String(option) === e.target.value);
                    set(key, picked);
                  }}
                >
                  <option value="">—</option>
                  {p.enum.map((option) => (
                    <option key={String(option)} value={String(option)}>
                      {String(option)}
                    </option>
                  ))}
                </Select>
              ) : (
                <Input
                  name={key}
                  type={
                    type === 'number' || type === 'integer'
                      ? 'number'
                      : isSecret(key, p)
                        ? 'password'
                        : 'text'
                  }
                  autoComplete="off"
                  {...(p.minimum !== undefined ? { min: p.minimum } : {})}
                  {...(p.maximum !== undefined ? { max: p.maximum } : {})}
                  placeholder={p.default === undefined ? undefined : String(p.default)}
                  value={value === undefined ? '' : String(value)}
                  onChange={(e) => {
                    const text = e.target.value;
                    if (type === 'number' || type === 'integer')
                      set(key, text === '' ? undefined : Number(text));
                    else set(key, text);
                  }}
                />
              )}
            </Field>
          );
        })}
        <p className="m-0 text-xs text-muted-foreground">{label.toolSettingsSaved}</p>
      </div>
    </details>
  );
}

function StateBadge({ tool, label }: { tool: ToolManifest; label: ToolLabels }) {
  if (!tool.state) return null;
  const [tone, text] =
    tool.state === 'error'
      ? (['danger', label.stateError] as const)
      : tool.state === 'loading'
        ? (['warning', label.stateLoading] as const)
        : (['success', label.stateReady] as const);
  return (
    <Badge tone={tone} className="tool-state" data-state={tool.state}>
      {tool.state === 'loading' ? <Spinner className="size-3" /> : null}
      {text}
    </Badge>
  );
}

const SOURCE_LABEL = {
  builtin: 'sourceBuiltin',
  mcp: 'sourceMcp',
  plugin: 'sourcePlugin',
  user: 'sourceUser',
} as const;

function ToolRow({
  tool,
  enabled,
  onToggle,
  label,
}: {
  tool: ToolManifest;
  enabled: boolean;
  onToggle: (on: boolean) => void;
  label: ToolLabels;
}) {
  const id = useId();
  return (
    <li
      className="tool-item flex flex-col gap-1.5 rounded-lg border border-border p-2.5"
      data-tool={tool.identifier}
    >
      <div className="flex items-center gap-2">
        {tool.meta.avatar && !/^https?:|^data:/.test(tool.meta.avatar) ? (
          <span aria-hidden="true">{tool.meta.avatar}</span>
        ) : null}
        <label htmlFor={id} className="min-w-0 flex-1 truncate text-sm font-medium">
          {tool.meta.title}
        </label>
        <Badge tone="outline">{label[SOURCE_LABEL[tool.source]]}</Badge>
        <StateBadge tool={tool} label={label} />
        <Switch
          id={id}
          className="tool-toggle"
          aria-label={label.toolEnable.replace('{name}', tool.meta.title)}
          checked={enabled}
          disabled={tool.state === 'error' && !enabled}
          onChange={(e) => onToggle(e.target.checked)}
        />
      </div>
      {tool.meta.description ? (
        <p className="m-0 line-clamp-2 text-xs text-muted-foreground">{tool.meta.description}</p>
      ) : null}
      {tool.state === 'error' && tool.error ? (
        <p className="tool-error m-0 text-xs break-words text-danger">{tool.error}</p>
      ) : null}
      {tool.api.length ? (
        <p className="m-0 truncate font-mono text-[11px] text-muted-foreground">
          {tool.api.map((a) => a.name).join(' · ')}
        </p>
      ) : null}
      <SettingsForm tool={tool} label={label} />
    </li>
  );
}

function parseHeaders(text: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const at = line.indexOf(':');
    if (at > 0) headers[line.slice(0, at).trim()] = line.slice(at + 1).trim();
  }
  return headers;
}

function McpServers({ label }: { label: ToolLabels }) {
  const servers = useStore($userMcpServers);
  const [problem, setProblem] = useState<string | undefined>();
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const data = new FormData(form);
    const wrong = addUserMcpServer({
      name: String(data.get('name') ?? ''),
      url: String(data.get('url') ?? ''),
      headers: parseHeaders(String(data.get('headers') ?? '')),
    });
    setProblem(wrong === 'name' ? label.mcpBadName : wrong === 'url' ? label.mcpBadUrl : undefined);
    if (!wrong) form.reset();
  };
  return (
    <section className="my-mcp-servers flex flex-col gap-2 border-t border-border pt-3">
      <h3 className="m-0 text-sm font-semibold">{label.myMcpServers}</h3>
      <p className="m-0 text-xs text-muted-foreground">{label.myMcpServersHint}</p>
      {servers.length ? (
        <ul className="m-0 flex list-none flex-col gap-1 p-0">
          {servers.map((s) => (
            <li
              key={s.name}
              className="mcp-server flex items-center gap-2 text-sm"
              data-server={s.name}
            >
              <span className="font-medium">{s.name}</span>
              <span className="min-w-0 flex-1 truncate text-xs text-muted-foreground">{s.url}</span>
              <IconButton
                size="sm"
                label={label.mcpRemove.replace('{name}', s.name)}
                onClick={() => removeUserMcpServer(s.name)}
              >
                <Trash2 aria-hidden="true" />
              </IconButton>
            </li>
          ))}
        </ul>
      ) : null}
      <form className="mcp-add flex flex-col gap-2" onSubmit={submit}>
        <div className="flex gap-2">
          <Field label={label.mcpName} className="w-28">
            <Input name="name" autoComplete="off" required />
          </Field>
          <Field label={label.mcpUrl} className="flex-1">
            <Input name="url" type="url" placeholder="https://…/mcp" autoComplete="off" required />
          </Field>
        </div>
        <Field label={label.mcpHeaders}>
          <Textarea name="headers" rows={2} placeholder="Authorization: Bearer …" />
        </Field>
        {problem ? <p className="m-0 text-xs text-danger">{problem}</p> : null}
        <Button type="submit" size="sm" className="self-end">
          {label.mcpAdd}
        </Button>
      </form>
    </section>
  );
}

/**
 * The Tools panel of a conversation (or of the next one, before the first message): every tool
 * the gateway offers with a switch (the chat request's `plugins`), its MCP state, a settings form
 * from its `settings` schema, the rounds limit, and the person's own MCP servers.
 */
export function ToolsPanel() {
  const label = useStore($toolLabels);
  const state = useStore($tools);
  const settings = useStore($agentSettings);
  const card = useStore($activeModelCard);
  const enabled = new Set(settings.plugins ?? []);
  useEffect(() => {
    if ($tools.get().status === 'idle') void loadTools();
  }, []);
  // an MCP server still starting: look again in a moment while the panel is open
  const starting = state.tools.some((tool) => tool.state === 'loading');
  useEffect(() => {
    if (!starting) return;
    const timer = setTimeout(() => void loadTools(), 2000);
    return () => clearTimeout(timer);
  }, [starting, state]);
  const toggle = (identifier: string, on: boolean) => {
    const next = new Set(enabled);
    if (on) next.add(identifier);
    else next.delete(identifier);
    updateAgentSettings({ plugins: [...next] });
  };
  return (
    <div className="tools-panel flex flex-col gap-3">
      <div className="flex items-center gap-2">
        <h2 className="m-0 flex-1 text-base font-semibold">{label.tools}</h2>
        <IconButton size="sm" label={label.toolsReload} onClick={() => void loadTools()}>
          <RefreshCw aria-hidden="true" />
        </IconButton>
      </div>
      <p className="m-0 text-xs text-muted-foreground">{label.toolsHint}</p>
      {card && card.abilities.functionCall === false ? (
        <p className="m-0 text-xs text-warning">{label.noFunctionCall}</p>
      ) : null}
      {state.status === 'loading' && !state.tools.length ? (
        <div className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner className="size-4" /> {label.toolsLoading}
        </div>
      ) : null}
      {state.status === 'error' ? (
        <p className="tools-error m-0 text-xs text-danger">
          {label.toolsLoadFailed}: {state.error}
        </p>
      ) : null}
      {state.status === 'ready' && !state.tools.length ? (
        <p className="m-0 text-sm text-muted-foreground">{label.toolsNone}</p>
      ) : null}
      <ul className="tool-list m-0 flex list-none flex-col gap-2 p-0">
        {state.tools.map((tool) => (
          <ToolRow
            key={tool.identifier}
            tool={tool}
            enabled={enabled.has(tool.identifier)}
            onToggle={(on) => toggle(tool.identifier, on)}
            label={label}
          />
        ))}
      </ul>
      <Field label={label.maxToolRounds} hint={label.maxToolRoundsHint}>
        <Input
          name="maxToolRounds"
          type="number"
          min={1}
          max={50}
          value={settings.maxToolRounds ?? 10}
          onChange={(e) =>
            updateAgentSettings({ maxToolRounds: clampToolRounds(Number(e.target.value)) })
          }
        />
      </Field>
      <McpServers label={label} />
    </div>
  );
}

/** The composer's Tools button: opens the panel; shows how many tools are on. */
export function ToolsButton({ className }: { className?: string }) {
  const label = useStore($toolLabels);
  const settings = useStore($agentSettings);
  const state = useStore($tools);
  // once the list is loaded, only tools the server still offers count (a removed server's do not)
  const count = (settings.plugins ?? []).filter(
    (id) => state.status !== 'ready' || state.tools.some((tool) => tool.identifier === id),
  ).length;
  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button
          variant="ghost"
          size="sm"
          aria-label={label.tools}
          className={`tools-button relative gap-1 rounded-full text-muted-foreground hover:text-foreground ${className ?? ''}`}
        >
          <Wrench aria-hidden="true" />
          {count ? <span className="text-xs tabular-nums">{count}</span> : null}
        </Button>
      </PopoverTrigger>
      <PopoverContent
        className="w-96"
        align="start"
        side="top"
        // focus the panel, not its first button (whose tooltip would cover the title)
        onOpenAutoFocus={(e) => {
          e.preventDefault();
          (e.currentTarget as HTMLElement | null)?.focus();
        }}
      >
        <ToolsPanel />
      </PopoverContent>
    </Popover>
  );
}
