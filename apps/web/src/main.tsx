// Entry point: takes a console link's token out of the address, wires the HTTP client to the session and the
// error catalogue, picks the host's language, renders.
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { handleHttpError } from './features/session/http-errors.ts';
import { takeTokenFromAddress } from './lib/handoff-link.ts';
import { useSessionStore } from './lib/session-store.ts';
import { configureHttp } from './lib/http.ts';
import { applyLanguage, currentLanguage } from './lib/i18n.ts';
import { languageFromHost, toLanguageTag } from './lib/language.ts';

// First of all: nothing may load, render or be bookmarked while the token is in the address.
takeTokenFromAddress();

configureHttp({
  getToken: () => useSessionStore.getState().token,
  getLanguageTag: () => toLanguageTag(currentLanguage()),
  onError: handleHttpError,
});

await applyLanguage(languageFromHost(window.location.hostname));

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
