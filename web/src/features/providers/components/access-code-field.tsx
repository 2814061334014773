import { useStore } from '@nanostores/react';
import { $labels } from '../../../app/locale.js';
import { $accessCode } from '../stores/provider-settings.js';

/** The gateway's access code (sent in the auth header of every call), a password input. */
export function AccessCodeField() {
  const code = useStore($accessCode);
  const label = useStore($labels);
  return (
    <label className="field access-code">
      <span>{label.accessCode}</span>
      <input
        name="accessCode"
        type="password"
        autoComplete="off"
        placeholder={label.accessCodeHint}
        value={code}
        onChange={(e) => $accessCode.set(e.target.value)}
      />
    </label>
  );
}
