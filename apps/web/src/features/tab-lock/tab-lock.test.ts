// Two tabs of one browser = two instances of the module sharing one lock manager.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeLockManager } from '../../test/fake-locks.ts';
import type * as TabLock from './tab-lock.ts';

type TabModule = typeof TabLock;

const openTab = async (): Promise<TabModule> => {
  vi.resetModules();
  return import('./tab-lock.ts');
};

let locks: FakeLockManager;

beforeEach(() => {
  locks = new FakeLockManager();
  Object.defineProperty(navigator, 'locks', { configurable: true, value: locks });
});

afterEach(() => {
  Reflect.deleteProperty(navigator, 'locks');
});

describe('one active tab', () => {
  it('the first tab becomes active, a second one does not', async () => {
    const first = await openTab();
    const second = await openTab();
    expect(await first.claimTab()).toBe(true);
    expect(first.useTabStore.getState().status).toBe('active');
    expect(await second.claimTab()).toBe(false);
    expect(second.useTabStore.getState().status).toBe('inactive');
  });

  it('"Usar Aqui" takes over: the other tab learns it is no longer active', async () => {
    const first = await openTab();
    const second = await openTab();
    await first.claimTab();
    await second.claimTab();

    expect(await second.takeOverTab()).toBe(true);
    expect(second.useTabStore.getState().status).toBe('active');
    await vi.waitFor(() => expect(first.useTabStore.getState().status).toBe('inactive'));
    expect(await first.claimTab()).toBe(false);
  });

  it('releasing (logout) lets another tab become active without asking', async () => {
    const first = await openTab();
    const second = await openTab();
    await first.claimTab();
    first.releaseTab();
    expect(first.useTabStore.getState().status).toBe('idle');
    await vi.waitFor(() => expect(locks.isHeld('atende.active-tab')).toBe(false));
    expect(await second.claimTab()).toBe(true);
  });

  it('without Web Locks every tab works on its own', async () => {
    Reflect.deleteProperty(navigator, 'locks');
    const tab = await openTab();
    expect(await tab.claimTab()).toBe(true);
  });
});
