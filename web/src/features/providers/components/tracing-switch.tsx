import { useStore } from '@nanostores/react';
import { $labels } from '../../../app/locale.js';
import { Switch } from '../../../components/ui/switch.js';
import { $traceConsent } from '../../../lib/trace.js';

/** The tracing consent switch (off by default; SPEC §6: trace only when the person allows it). */
export function TracingSwitch() {
  const consent = useStore($traceConsent);
  const label = useStore($labels);
  return (
    <div className="tracing flex flex-col gap-1">
      <label className="flex items-center justify-between gap-3 text-sm font-medium">
        {label.tracing}
        <Switch
          name="traceConsent"
          checked={consent}
          onChange={(e) => $traceConsent.set(e.target.checked)}
        />
      </label>
      <p className="m-0 text-xs leading-5 text-muted-foreground">{label.tracingHint}</p>
    </div>
  );
}
