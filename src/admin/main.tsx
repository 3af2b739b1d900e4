import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { localStorageStore } from 'react-admin';
import { App } from './App';
import { createI18nProvider } from './providers/i18nProvider';
import { session } from './providers/session';

function start() {
  const language = session.language();
  // The login page's texts are at hand; the language's full catalogue comes with the panel (panelChunk.ts).
  const store = localStorageStore('1', 'dacha-admin');
  // react-admin keeps its own copy of the locale; the product's `language` key is the one that counts.
  store.setItem('locale', language);
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  createRoot(root).render(
    <StrictMode>
      <App i18nProvider={createI18nProvider(language)} store={store} />
    </StrictMode>,
  );
}

start();
