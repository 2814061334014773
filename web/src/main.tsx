import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.js';
import { bindDocument } from './app/document.js';
import { browserRuntimes } from './features/providers/api/browser-runtimes.js';
import { $browserRuntimes } from './features/providers/stores/fetch-on-client.js';
import './app/styles.css';

$browserRuntimes.set(browserRuntimes);
bindDocument(document.documentElement);

const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
