import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

// `@manifold/core/*` resolves to the TypeScript sources through the `manifold-source` condition.
export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    conditions: ['manifold-source', ...defaultClientConditions],
    // one React: web/node_modules holds its own copy next to the root one
    dedupe: ['react', 'react-dom'],
  },
  build: { outDir: 'dist', emptyOutDir: true },
});
