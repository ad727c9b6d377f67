import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createAppRouter } from './app/router/router';
import './app/styles/global.css';
import { initI18n } from './i18n';

// When the app's first script runs (the page's timeline: DevTools, bench/editor-web).
performance.mark('ccms:boot');

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The areas fill the content pages' slots before anything renders. Their wiring is a chunk of its
// own, loaded beside the texts, so it stays out of the sign-in page's scripts (bundle-report's budget).
const slotsFilled = import('./app/slots').then(({ registerSlots }) => registerSlots());

Promise.all([initI18n(), slotsFilled]).then(() => {
  createRoot(root).render(
    <StrictMode>
      <App router={createAppRouter()} />
    </StrictMode>,
  );
});
