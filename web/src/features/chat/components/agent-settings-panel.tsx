import { useStore } from '@nanostores/react';
import { SlidersHorizontal } from 'lucide-react';
import { $labels } from '../../../app/locale.js';
import { Button } from '../../../components/ui/button.js';
import { Field, Input, Select, Textarea } from '../../../components/ui/input.js';
import { Switch, SwitchRow, ToggledNumberRow } from '../../../components/ui/switch.js';
import {
  $agentCapabilities,
  $agentPanelOpen,
  $agentSettings,
  $systemPromptPreview,
  toggleAgentPanel,
  updateAgentSettings,
} from '../stores/agent-settings.js';
import {
  REASONING_EFFORTS,
  TEXT_VERBOSITIES,
  type ReasoningEffort,
  type TextVerbosity,
} from '../stores/build-request.js';

const EFFORT_LABELS = {
  minimal: 'effortMinimal',
  low: 'effortLow',
  medium: 'effortMedium',
  high: 'effortHigh',
} as const satisfies Record<ReasoningEffort, string>;

const VERBOSITY_LABELS = {
  low: 'verbosityLow',
  medium: 'verbosityMedium',
  high: 'verbosityHigh',
} as const satisfies Record<TextVerbosity, string>;

/** The chat header button that opens and closes the agent settings panel. */
export function AgentSettingsToggle() {
  const open = useStore($agentPanelOpen);
  const label = useStore($labels);
  return (
    <Button
      variant={open ? 'secondary' : 'ghost'}
      className="agent-settings-toggle px-2.5 sm:px-3"
      aria-expanded={open}
      aria-controls="agent-settings"
      aria-label={label.agentSettings}
      onClick={toggleAgentPanel}
    >
      <SlidersHorizontal aria-hidden="true" />
      <span className="hidden lg:inline">{label.agentSettings}</span>
    </Button>
  );
}

/** A slider that can be switched off (then the parameter is not sent): switch, label, value. */
function SliderRow({
  name,
  title,
  enabledLabel,
  enabled,
  onEnabled,
  value,
  min,
  max,
  step,
  onValue,
}: {
  name: string;
  title: string;
  enabledLabel: string;
  enabled: boolean;
  onEnabled: (enabled: boolean) => void;
  value: number;
  min: number;
  max: number;
  step: number;
  onValue: (value: number) => void;
}) {
  return (
    <div className="agent-row flex flex-col gap-2">
      <div className="flex items-center justify-between gap-3 text-sm">
        <label htmlFor={`agent-${name}`} className={enabled ? '' : 'text-muted-foreground'}>
          {title}
        </label>
        <span className="flex items-center gap-3">
          <output
            htmlFor={`agent-${name}`}
            className="w-8 text-right font-mono text-xs tabular-nums text-muted-foreground"
          >
            {enabled ? value : '—'}
          </output>
          <Switch
            name={`${name}Enabled`}
            aria-label={enabledLabel}
            checked={enabled}
            onChange={(e) => onEnabled(e.target.checked)}
          />
        </span>
      </div>
      <input
        id={`agent-${name}`}
        type="range"
        name={name}
        min={min}
        max={max}
        step={step}
        disabled={!enabled}
        value={value}
        className="w-full cursor-pointer disabled:cursor-not-allowed disabled:opacity-40"
        onChange={(e) => onValue(Number(e.target.value))}
      />
    </div>
  );
}

/** Per-conversation agent settings: system prompt, sampling, history, search, reasoning, caching. */
export function AgentSettingsPanel() {
  const open = useStore($agentPanelOpen);
  const settings = useStore($agentSettings);
  const can = useStore($agentCapabilities);
  const preview = useStore($systemPromptPreview);
  const label = useStore($labels);
  if (!open) return null;
  return (
    <section
      id="agent-settings"
      className="agent-settings max-h-[45vh] shrink-0 overflow-y-auto border-b border-border bg-sidebar"
      aria-label={label.agentSettings}
    >
      <div className="mx-auto grid w-full max-w-3xl gap-x-8 gap-y-4 px-4 py-4 sm:grid-cols-2 sm:px-6">
        <div className="flex flex-col gap-2 sm:col-span-2">
          <Field label={label.systemPrompt}>
            <Textarea
              name="systemPrompt"
              rows={3}
              value={settings.systemPrompt}
              onChange={(e) => updateAgentSettings({ systemPrompt: e.target.value })}
            />
          </Field>
          {preview.used.length > 0 && (
            <div className="system-prompt-preview rounded-lg border border-border bg-surface p-3 text-sm">
              <strong className="text-xs font-medium text-muted-foreground">
                {label.systemPromptPreview}
              </strong>
              <pre className="mt-1 font-sans whitespace-pre-wrap">{preview.text}</pre>
              {preview.unknown.length > 0 && (
                <p className="unknown-variables mt-1 text-warning">
                  {label.unknownVariables}: {preview.unknown.join(', ')}
                </p>
              )}
            </div>
          )}
        </div>
        <SliderRow
          name="temperature"
          title={label.temperature}
          enabledLabel={`${label.temperature} ${label.on}`}
          enabled={settings.temperatureEnabled}
          onEnabled={(temperatureEnabled) => updateAgentSettings({ temperatureEnabled })}
          value={settings.temperature}
          min={0}
          max={2}
          step={0.1}
          onValue={(temperature) => updateAgentSettings({ temperature })}
        />
        <SliderRow
          name="topP"
          title={label.topP}
          enabledLabel={`${label.topP} ${label.on}`}
          enabled={settings.topPEnabled}
          onEnabled={(topPEnabled) => updateAgentSettings({ topPEnabled })}
          value={settings.topP}
          min={0}
          max={1}
          step={0.05}
          onValue={(topP) => updateAgentSettings({ topP })}
        />
        <ToggledNumberRow
          id="agent-historyCount"
          name="historyCount"
          title={label.historyCount}
          switchLabel={`${label.historyCount} ${label.on}`}
          enabled={settings.historyCountEnabled}
          onEnabled={(historyCountEnabled) => updateAgentSettings({ historyCountEnabled })}
          value={settings.historyCount}
          onValue={(historyCount) => updateAgentSettings({ historyCount })}
          min={1}
          step={1}
          className="agent-row"
          inputClassName="h-8 w-20"
        />
        {can.search && (
          <SwitchRow
            name="search"
            checked={settings.search}
            onChange={(e) => updateAgentSettings({ search: e.target.checked })}
          >
            {label.enableSearch}
          </SwitchRow>
        )}
        {can.reasoning && (
          <SwitchRow
            name="reasoning"
            checked={settings.reasoning}
            onChange={(e) => updateAgentSettings({ reasoning: e.target.checked })}
          >
            {label.enableReasoning}
          </SwitchRow>
        )}
        {can.reasoning && can.reasoningBudget && (
          <label className="agent-row flex items-center justify-between gap-3 text-sm">
            {label.reasoningBudget}
            <Input
              type="number"
              name="reasoningBudget"
              min={0}
              step={256}
              className="h-8 w-28"
              disabled={!settings.reasoning}
              value={settings.reasoningBudget}
              onChange={(e) => updateAgentSettings({ reasoningBudget: Number(e.target.value) })}
            />
          </label>
        )}
        {can.reasoningEffort && (
          <label className="agent-row flex items-center justify-between gap-3 text-sm">
            {label.reasoningEffort}
            <Select
              name="reasoningEffort"
              className="w-32"
              selectClassName="h-8"
              value={settings.reasoningEffort}
              onChange={(e) =>
                updateAgentSettings({ reasoningEffort: e.target.value as ReasoningEffort })
              }
            >
              {REASONING_EFFORTS.map((effort) => (
                <option key={effort} value={effort}>
                  {label[EFFORT_LABELS[effort]]}
                </option>
              ))}
            </Select>
          </label>
        )}
        {can.textVerbosity && (
          <label className="agent-row flex items-center justify-between gap-3 text-sm">
            {label.textVerbosity}
            <Select
              name="textVerbosity"
              className="w-32"
              selectClassName="h-8"
              value={settings.textVerbosity}
              onChange={(e) =>
                updateAgentSettings({ textVerbosity: e.target.value as TextVerbosity })
              }
            >
              {TEXT_VERBOSITIES.map((verbosity) => (
                <option key={verbosity} value={verbosity}>
                  {label[VERBOSITY_LABELS[verbosity]]}
                </option>
              ))}
            </Select>
          </label>
        )}
        {can.thinkingBudget && (
          <label className="agent-row flex items-center justify-between gap-3 text-sm">
            {label.thinkingBudget}
            <Input
              type="number"
              name="thinkingBudget"
              min={-1}
              step={256}
              className="h-8 w-28"
              value={settings.thinkingBudget}
              onChange={(e) => updateAgentSettings({ thinkingBudget: Number(e.target.value) })}
            />
          </label>
        )}
        <SwitchRow
          name="disableContextCaching"
          checked={settings.disableContextCaching}
          onChange={(e) => updateAgentSettings({ disableContextCaching: e.target.checked })}
        >
          {label.disableContextCaching}
        </SwitchRow>
      </div>
    </section>
  );
}
