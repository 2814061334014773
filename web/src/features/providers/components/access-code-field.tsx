import { useStore } from '@nanostores/react';
import { $labels } from '../../../app/locale.js';
import { Field } from '../../../components/ui/input.js';
import { $accessCode } from '../stores/provider-settings.js';
import { SecretInput } from './secret-input.js';

/** The gateway's access code (sent in the auth header of every call), a password input. */
export function AccessCodeField() {
  const code = useStore($accessCode);
  const label = useStore($labels);
  return (
    <Field label={label.accessCode} className="access-code">
      <SecretInput
        name="accessCode"
        autoComplete="off"
        placeholder={label.accessCodeHint}
        value={code}
        onChange={(e) => $accessCode.set(e.target.value)}
      />
    </Field>
  );
}
