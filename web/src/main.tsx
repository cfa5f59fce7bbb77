import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { loadRuntimeConfig } from './config/runtime-config.ts';
import { configureApi } from './lib/api/client.ts';
import { initI18n } from './lib/i18n/i18n.ts';
import { logout } from './lib/session/logout.ts';

async function start(): Promise<void> {
  const [config] = await Promise.all([loadRuntimeConfig(), initI18n()]);
  configureApi(config.apiUrl, { onSessionLost: () => void logout() });
  const root = document.getElementById('root');
  if (!root) throw new Error('#root missing from index.html');
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
