// Choosing a model in the chat header's model picker (a searchable popover), for the browser tests.
import type { Page } from 'playwright-core';

/**
 * Open the model picker, choose `modelId` of `providerId` (its first model when omitted) and wait
 * until the header names it. Returns the chosen model id.
 */
export async function pickModel(page: Page, providerId: string, modelId?: string): Promise<string> {
  const trigger = page.locator('button[name="model-picker"]');
  await trigger.click();
  const picker = page.locator('.model-picker');
  const item = picker
    .locator(
      `.picker-item[data-provider="${providerId}"]${modelId ? `[data-model="${modelId}"]` : ''}`,
    )
    .first();
  await item.waitFor();
  const chosen = (await item.getAttribute('data-model')) ?? '';
  await item.click();
  await picker.waitFor({ state: 'detached' });
  await page.waitForFunction(
    ([provider, model]) => {
      const button = document.querySelector('button[name="model-picker"]');
      return (
        button?.getAttribute('data-provider') === provider &&
        button.getAttribute('data-model') === model
      );
    },
    [providerId, chosen] as const,
  );
  return chosen;
}

/** The model ids the picker offers for `providerId` (opens and closes the picker). */
export async function pickerModels(page: Page, providerId: string): Promise<string[]> {
  await page.locator('button[name="model-picker"]').click();
  const picker = page.locator('.model-picker');
  await picker.locator('input[name="model-search"]').waitFor();
  await picker.locator('.picker-item').first().waitFor();
  const ids = await picker
    .locator(`.picker-item[data-provider="${providerId}"]`)
    .evaluateAll((items) => items.map((item) => item.getAttribute('data-model') ?? ''));
  await page.keyboard.press('Escape');
  await picker.waitFor({ state: 'detached' });
  return ids;
}
