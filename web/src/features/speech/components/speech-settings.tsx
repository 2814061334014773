import { useStore } from '@nanostores/react';
import { Select } from '../../../components/ui/input.js';
import { $speechLabels } from '../labels.js';
import {
  $speechModel,
  $speechModels,
  $speechSettings,
  updateSpeechSettings,
  VOICES,
} from '../stores/speech.js';

/** Settings: the speech model and voice the play button reads replies with. */
export function SpeechSettings() {
  const label = useStore($speechLabels);
  const models = useStore($speechModels);
  const chosen = useStore($speechModel);
  const settings = useStore($speechSettings);
  const auto = models[0];
  const value =
    settings.provider && settings.model && chosen?.provider === settings.provider
      ? `${settings.provider}/${settings.model}`
      : '';
  return (
    <div className="speech-settings flex flex-col gap-3 rounded-xl border border-border bg-surface p-4 shadow-xs">
      <div className="flex flex-col gap-1">
        <h2 className="m-0 text-base font-semibold">{label.speech}</h2>
        <p className="m-0 text-sm text-muted-foreground">
          {models.length ? label.speechHint : label.speechNone}
        </p>
      </div>
      {models.length ? (
        <div className="flex flex-wrap gap-3">
          <label className="flex min-w-0 flex-col gap-1 text-sm">
            <span className="font-medium">{label.speechModel}</span>
            <Select
              name="speech-model"
              value={value}
              onChange={(event) => {
                const [provider, ...rest] = event.target.value.split('/');
                updateSpeechSettings(
                  event.target.value
                    ? { provider, model: rest.join('/') }
                    : { provider: undefined, model: undefined },
                );
              }}
              className="w-64 max-w-full"
            >
              <option value="">
                {label.speechAuto.replace(
                  '{model}',
                  auto ? `${auto.providerName} · ${auto.model.displayName ?? auto.model.id}` : '',
                )}
              </option>
              {models.map((m) => (
                <option key={`${m.provider}/${m.model.id}`} value={`${m.provider}/${m.model.id}`}>
                  {m.providerName} · {m.model.displayName ?? m.model.id}
                </option>
              ))}
            </Select>
          </label>
          <label className="flex min-w-0 flex-col gap-1 text-sm">
            <span className="font-medium">{label.speechVoice}</span>
            <Select
              name="speech-voice"
              value={settings.voice}
              onChange={(event) => updateSpeechSettings({ voice: event.target.value })}
              className="w-40"
            >
              {(VOICES as readonly string[]).includes(settings.voice) ? null : (
                <option value={settings.voice}>{settings.voice}</option>
              )}
              {VOICES.map((voice) => (
                <option key={voice} value={voice}>
                  {voice}
                </option>
              ))}
            </Select>
          </label>
        </div>
      ) : null}
    </div>
  );
}
