import type { RuntimeLogger } from '@manifold/core/contract/runtime';
import type { ToolManifest } from '@manifold/core/contract/tool-manifest';
import type { ToolSource } from './types.js';

/** A tool found by its identifier: its manifest and the source that runs it. */
export interface FoundTool {
  manifest: ToolManifest;
  source: ToolSource;
}

/**
 * Every tool the server offers (CONTRACT §8 `GET /tools`): the built-in web search, one source per
 * MCP server, the plugin manifests. An identifier offered twice is served by the first source
 * (built-in, then MCP, then plugins) and the duplicate is logged once.
 */
export class ToolRegistry {
  private readonly warned = new Set<string>();

  constructor(
    private readonly sources: readonly ToolSource[],
    private readonly log: RuntimeLogger,
  ) {}

  /** Start every source at once; a source never fails the boot (it lists its error instead). */
  async start(): Promise<void> {
    await Promise.all(
      this.sources.map((source) =>
        source
          .start?.()
          .catch((error: unknown) =>
            this.log.error({ error: String(error) }, 'tool source failed to start'),
          ),
      ),
    );
  }

  async close(): Promise<void> {
    await Promise.all(this.sources.map((source) => source.close?.().catch(() => undefined)));
  }

  /** The manifests of these sources (the server's, then `extra`: a person's own), deduplicated. */
  manifests(extra: readonly ToolSource[] = []): ToolManifest[] {
    return this.entries(extra).map((entry) => entry.manifest);
  }

  /** The tool with this identifier among the server's and `extra` sources. */
  find(identifier: string, extra: readonly ToolSource[] = []): FoundTool | undefined {
    return this.entries(extra).find((entry) => entry.manifest.identifier === identifier);
  }

  private entries(extra: readonly ToolSource[]): FoundTool[] {
    const seen = new Set<string>();
    const found: FoundTool[] = [];
    for (const source of [...this.sources, ...extra]) {
      for (const manifest of source.manifests()) {
        if (seen.has(manifest.identifier)) {
          if (!this.warned.has(manifest.identifier)) {
            this.warned.add(manifest.identifier);
            this.log.warn(
              { tool: manifest.identifier },
              'tool identifier offered twice; first kept',
            );
          }
          continue;
        }
        seen.add(manifest.identifier);
        found.push({ manifest, source });
      }
    }
    return found;
  }
}
