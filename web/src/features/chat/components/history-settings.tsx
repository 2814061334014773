import { useStore } from '@nanostores/react';
import { $labels } from '../../../app/locale.js';
import { Switch } from '../../../components/ui/switch.js';
import { $autoTitles, setAutoTitles } from '../stores/auto-title.js';

/** The history settings: automatic conversation titles on or off. */
export function HistorySettings() {
  const on = useStore($autoTitles);
  const label = useStore($labels);
  return (
    <div className="history-settings flex flex-col gap-1 rounded-xl border border-border bg-surface p-4 shadow-xs">
      <h2 className="m-0 mb-1 text-sm font-semibold">{label.history}</h2>
      <label className="switch flex items-center justify-between gap-3 text-sm font-medium">
        {label.autoTitles}
        <Switch name="autoTitles" checked={on} onChange={(e) => setAutoTitles(e.target.checked)} />
      </label>
      <p className="m-0 text-xs leading-5 text-muted-foreground">{label.autoTitlesHint}</p>
    </div>
  );
}
