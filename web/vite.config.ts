import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

const require = createRequire(import.meta.url);

// `@manifold/core/*` resolves to the TypeScript sources through the `manifold-source` condition.
export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    conditions: ['manifold-source', ...defaultClientConditions],
    // one React: web/node_modules holds its own copy next to the root one
    dedupe: ['react', 'react-dom'],
    alias: {
      // the provider and model logos' package folder, wherever npm put it (a glob of its files)
      '@lobe-icons': dirname(require.resolve('@lobehub/icons-static-svg/package.json')),
    },
  },
  build: { outDir: 'dist', emptyOutDir: true },
});
