import type { ModelCard } from '@manifold/core/contract/model-card';

/**
 * Zhipu lists models in its fine-tuning model center, outside the `/api/paas/v4` base path: the
 * list is read on the configured host's origin (so a proxy or test server is honoured).
 */
export const MODEL_LIST_URL = {
  fromOrigin: '/api/fine-tuning/model_center/list?pageSize=100&pageNum=1',
};

interface ModelCenterRow {
  modelCode?: unknown;
  modelName?: unknown;
  modelDescription?: unknown;
}

/** Cards of the model center's answer `{rows: [{modelCode, modelName, modelDescription…}]}`. */
export function modelCards(raw: unknown): ModelCard[] {
  const rows = (raw as { rows?: unknown } | null)?.rows;
  if (!Array.isArray(rows)) return [];
  return rows
    .filter(
      (row): row is ModelCenterRow & { modelCode: string } =>
        typeof row === 'object' &&
        row !== null &&
        typeof (row as ModelCenterRow).modelCode === 'string' &&
        (row as ModelCenterRow).modelCode !== '',
    )
    .map((row) => ({
      id: row.modelCode,
      ...(typeof row.modelName === 'string' && row.modelName && { displayName: row.modelName }),
      ...(typeof row.modelDescription === 'string' &&
        row.modelDescription && { description: row.modelDescription }),
      type: 'chat' as const,
      enabled: false,
      abilities: {},
      source: 'remote' as const,
    }));
}
