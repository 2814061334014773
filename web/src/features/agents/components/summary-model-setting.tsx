import { useStore } from '@nanostores/react';
import { Button } from '../../../components/ui/button.js';
import { ModelPicker } from '../../providers/components/model-picker.js';
import { $agentText } from '../labels.js';
import { $summaryModel, setSummaryModel } from '../stores/summarise.js';

/** The "summary model" setting: the model that writes chat-history summaries. */
export function SummaryModelSetting() {
  const text = useStore($agentText);
  const chosen = useStore($summaryModel);
  return (
    <section
      className="summary-model-setting flex flex-wrap items-center gap-x-4 gap-y-2 rounded-xl border border-border bg-surface px-4 py-3"
      aria-label={text.summaryModel}
    >
      <div className="flex min-w-0 flex-1 flex-col">
        <span className="text-sm font-medium">{text.summaryModel}</span>
        <span className="text-xs text-muted-foreground">{text.summaryModelHint}</span>
      </div>
      <div
        className="flex items-center gap-2"
        data-summary-model={chosen ? `${chosen.provider}/${chosen.model}` : ''}
      >
        <ModelPicker
          className="summary-model-picker border border-border"
          value={chosen ? { providerId: chosen.provider, modelId: chosen.model } : undefined}
          onChoose={(provider, model) => setSummaryModel({ provider, model })}
          emptyLabel={text.summaryModelDefault}
        />
        {chosen ? (
          <Button
            size="sm"
            variant="ghost"
            name="summaryModelDefault"
            onClick={() => setSummaryModel(undefined)}
          >
            {text.summaryModelReset}
          </Button>
        ) : null}
      </div>
    </section>
  );
}
