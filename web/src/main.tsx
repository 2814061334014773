import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.js';
import { browserRuntimes } from './features/providers/api/browser-runtimes.js';
import { $browserRuntimes } from './features/providers/stores/fetch-on-client.js';
import './app/app.css';

$browserRuntimes.set(browserRuntimes);

const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
