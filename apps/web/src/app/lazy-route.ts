// Lazy route modules with the 120 s chunk timeout of spec §9; failures reach the route error boundary.
import { CHUNK_LOAD_TIMEOUT_MS } from '@atende/contract';
import type { ComponentType } from 'react';

/** A route's code could not be loaded (offline, timed out, or removed by a newer deployment). */
export class ChunkLoadError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'ChunkLoadError';
  }
}

export function withChunkTimeout<T>(load: () => Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new ChunkLoadError(`Route chunk did not load within ${timeoutMs} ms`)),
      timeoutMs,
    );
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (cause: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError('Route chunk failed to load', { cause }));
      },
    );
  });
}

/** `lazy` of a route whose component is the named export `name` of the loaded module. */
export const lazyComponent =
  <Name extends string, Module extends Record<Name, ComponentType>>(
    load: () => Promise<Module>,
    name: Name,
  ) =>
  async (): Promise<{ Component: ComponentType }> => {
    const module = await withChunkTimeout(load);
    return { Component: module[name] };
  };
