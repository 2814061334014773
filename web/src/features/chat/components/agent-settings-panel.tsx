import { useStore } from '@nanostores/react';
import { $labels } from '../../../app/locale.js';
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
    <button
      type="button"
      className="agent-settings-toggle"
      aria-expanded={open}
      aria-label={label.agentSettings}
      title={label.agentSettings}
      onClick={toggleAgentPanel}
    >
      ⚙ {label.agentSettings}
    </button>
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
    <section className="agent-settings" aria-label={label.agentSettings}>
      <label>
        {label.systemPrompt}
        <textarea
          name="systemPrompt"
          rows={4}
          value={settings.systemPrompt}
          onChange={(e) => updateAgentSettings({ systemPrompt: e.target.value })}
        />
      </label>
      {preview.used.length > 0 && (
        <div className="system-prompt-preview">
          <strong>{label.systemPromptPreview}</strong>
          <pre>{preview.text}</pre>
          {preview.unknown.length > 0 && (
            <p className="unknown-variables">
              {label.unknownVariables}: {preview.unknown.join(', ')}
            </p>
          )}
        </div>
      )}
      <div className="agent-row">
        <input
          type="checkbox"
          name="temperatureEnabled"
          aria-label={`${label.temperature} ${label.on}`}
          checked={settings.temperatureEnabled}
          onChange={(e) => updateAgentSettings({ temperatureEnabled: e.target.checked })}
        />
        <label>
          {label.temperature}
          <input
            type="range"
            name="temperature"
            min={0}
            max={2}
            step={0.1}
            disabled={!settings.temperatureEnabled}
            value={settings.temperature}
            onChange={(e) => updateAgentSettings({ temperature: Number(e.target.value) })}
          />
        </label>
        <output>{settings.temperatureEnabled ? settings.temperature : '—'}</output>
      </div>
      <div className="agent-row">
        <input
          type="checkbox"
          name="topPEnabled"
          aria-label={`${label.topP} ${label.on}`}
          checked={settings.topPEnabled}
          onChange={(e) => updateAgentSettings({ topPEnabled: e.target.checked })}
        />
        <label>
          {label.topP}
          <input
            type="range"
            name="topP"
            min={0}
            max={1}
            step={0.05}
            disabled={!settings.topPEnabled}
            value={settings.topP}
            onChange={(e) => updateAgentSettings({ topP: Number(e.target.value) })}
          />
        </label>
        <output>{settings.topPEnabled ? settings.topP : '—'}</output>
      </div>
      <div className="agent-row">
        <input
          type="checkbox"
          name="historyCountEnabled"
          aria-label={`${label.historyCount} ${label.on}`}
          checked={settings.historyCountEnabled}
          onChange={(e) => updateAgentSettings({ historyCountEnabled: e.target.checked })}
        />
        <label>
          {label.historyCount}
          <input
            type="number"
            name="historyCount"
            min={1}
            step={1}
            disabled={!settings.historyCountEnabled}
            value={settings.historyCount}
            onChange={(e) => updateAgentSettings({ historyCount: Number(e.target.value) })}
          />
        </label>
      </div>
      {can.search && (
        <label className="agent-row">
          <input
            type="checkbox"
            name="search"
            checked={settings.search}
            onChange={(e) => updateAgentSettings({ search: e.target.checked })}
          />
          {label.enableSearch}
        </label>
      )}
      {can.reasoning && (
        <label className="agent-row">
          <input
            type="checkbox"
            name="reasoning"
            checked={settings.reasoning}
            onChange={(e) => updateAgentSettings({ reasoning: e.target.checked })}
          />
          {label.enableReasoning}
        </label>
      )}
      {can.reasoning && can.reasoningBudget && (
        <label className="agent-row">
          {label.reasoningBudget}
          <input
            type="number"
            name="reasoningBudget"
            min={0}
            step={256}
            disabled={!settings.reasoning}
            value={settings.reasoningBudget}
            onChange={(e) => updateAgentSettings({ reasoningBudget: Number(e.target.value) })}
          />
        </label>
      )}
      {can.reasoningEffort && (
        <label className="agent-row">
          {label.reasoningEffort}
          <select
            name="reasoningEffort"
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
          </select>
        </label>
      )}
      {can.textVerbosity && (
        <label className="agent-row">
          {label.textVerbosity}
          <select
            name="textVerbosity"
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
          </select>
        </label>
      )}
      {can.thinkingBudget && (
        <label className="agent-row">
          {label.thinkingBudget}
          <input
            type="number"
            name="thinkingBudget"
            min={-1}
            step={256}
            value={settings.thinkingBudget}
            onChange={(e) => updateAgentSettings({ thinkingBudget: Number(e.target.value) })}
          />
        </label>
      )}
      <label className="agent-row">
        <input
          type="checkbox"
          name="disableContextCaching"
          checked={settings.disableContextCaching}
          onChange={(e) => updateAgentSettings({ disableContextCaching: e.target.checked })}
        />
        {label.disableContextCaching}
      </label>
    </section>
  );
}
