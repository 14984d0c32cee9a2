// Test environment of the web app: browser APIs jsdom lacks (used by Mantine), i18n in pt_br, the HTTP client
// wired to the real error handler, and a clean DOM and storage after every test.
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { handleHttpError } from '../features/session/http-errors.ts';
import { useSessionStore } from '../lib/session-store.ts';
import { configureHttp } from '../lib/http.ts';
import { applyLanguage, currentLanguage } from '../lib/i18n.ts';
import { toLanguageTag } from '../lib/language.ts';
import { resetNotificationSuppression } from '../lib/notify.ts';
import { loadedQueryClient } from '../lib/query-registry.ts';

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
window.ResizeObserver ??= ResizeObserverStub;
window.HTMLElement.prototype.scrollIntoView = () => undefined;

configureHttp({
  getToken: () => useSessionStore.getState().token,
  getLanguageTag: () => toLanguageTag(currentLanguage()),
  onError: handleHttpError,
});

beforeAll(async () => {
  await applyLanguage('pt_br');
});

afterEach(async () => {
  cleanup();
  localStorage.clear();
  useSessionStore.setState({ token: null, user: null, status: 'anonymous' });
  loadedQueryClient()?.clear();
  resetNotificationSuppression();
  await applyLanguage('pt_br');
});
