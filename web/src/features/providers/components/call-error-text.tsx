import { useStore } from '@nanostores/react';
import { $clientFetchTexts, $locale } from '../../../app/locale.js';
import { clientFetchText, errorText, type ClientFetchFailure } from '../../../lib/api-error.js';

/**
 * The text of a failed call to a provider: the catalogue's message for its type, or, when the
 * call went from the browser and got no answer, what the page found out and what to do.
 */
export function CallErrorText({
  errorType,
  clientFetch,
  provider,
}: {
  errorType: string | number;
  clientFetch?: ClientFetchFailure | undefined;
  /** The provider's display name. */
  provider: string | undefined;
}) {
  const locale = useStore($locale);
  const texts = useStore($clientFetchTexts);
  return (
    <>
      {clientFetch
        ? clientFetchText(errorType, clientFetch, texts, provider ?? '')
        : errorText(errorType, locale, provider)}
    </>
  );
}
