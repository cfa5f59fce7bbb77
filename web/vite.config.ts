import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { loginBudget } from './login-budget.ts';

/** The local runtime's HTTP server; `npm run dev -w web` proxies the API and runtime config to it. */
const runtimeOrigin = process.env.ATENDE_RUNTIME_ORIGIN ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), loginBudget()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      // bson declares no `sideEffects`; it has none, and the browser only validates ids (shared/domain/object-id)
      // while `new ObjectId()` runs on the server: without this every page that parses a contract loads it.
      treeshake: { moduleSideEffects: (id) => !id.includes('/node_modules/bson/') },
    },
  },
  server: {
    proxy: {
      '/api': runtimeOrigin,
      '/config.json': runtimeOrigin,
    },
  },
});
