import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createAppRouter } from './app/router/router';
import { registerSlots } from './app/slots';
import './app/styles/global.css';
import { initI18n } from './i18n';

// When the app's first script runs (the page's timeline: DevTools, bench/editor-web).
performance.mark('ccms:boot');

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The areas fill the content pages' slots before anything renders.
registerSlots();

initI18n().then(() => {
  createRoot(root).render(
    <StrictMode>
      <App router={createAppRouter()} />
    </StrictMode>,
  );
});
