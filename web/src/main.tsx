import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App, preloadPage } from '@/app';
import { loadLanguage } from '@/lib/i18n';
import '@/styles/global.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The page's route module starts loading now, while the detected language's catalogue arrives:
// the first render waits for that catalogue, so the page never flashes in Spanish.
preloadPage(window.location.pathname);
await loadLanguage().catch((error: unknown) => console.error(error));

// A transition renders in slices that yield to the browser between them, so a slow phone
// stays responsive to a tap while the first page is being built.
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
