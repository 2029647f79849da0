import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app';
import { loadLanguage } from '@/lib/i18n';
import '@/styles/global.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The detected language's catalogue first, so the page never flashes in Spanish.
await loadLanguage().catch((error: unknown) => console.error(error));

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
