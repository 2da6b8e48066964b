import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: {
      '@': r('./src'),
      // Only the browser-safe schemas (zod and constants) are shared with the services.
      '@journal/common/schemas': r('../services/common/src/schemas/index.ts'),
    },
  },
  build: {
    // Uploaded files own /assets/ on every journal host, so the build's files live under /static/.
    assetsDir: 'static',
    sourcemap: true,
    chunkSizeWarningLimit: 800,
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:8080', '/auth': 'http://127.0.0.1:8080', '/assets': 'http://127.0.0.1:8080' },
  },
});
