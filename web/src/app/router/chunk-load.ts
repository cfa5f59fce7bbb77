import { LIMITS } from '@atende/shared/domain/constants';
import type { ComponentType } from 'react';
import { lazy } from 'react';
import { loadFullCatalogue } from '../../lib/i18n/i18n.ts';

/** A route's code could not be fetched in time (spec point 8: ChunkLoadError after 120 s). */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
}

export function withChunkTimeout<T>(
  load: () => Promise<T>,
  timeoutMs: number = LIMITS.chunkLoadTimeoutMs,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new ChunkLoadError(`chunk not loaded after ${timeoutMs} ms`)),
      timeoutMs,
    );
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(error instanceof Error ? error.message : 'chunk failed to load'));
      },
    );
  });
}

/**
 * React.lazy over a module with a named page export, bounded by the chunk time-out; named after the export.
 * The page renders once the whole pt-BR catalogue is in too, except where `fullCatalogue` is false (the sign-in
 * form, whose first paint carries only the core strings).
 */
export function lazyPage<K extends string, P extends object>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
  { fullCatalogue = true }: { fullCatalogue?: boolean } = {},
): ComponentType<P> {
  const page = lazy<ComponentType<P>>(() =>
    withChunkTimeout(() =>
      Promise.all([load(), fullCatalogue ? loadFullCatalogue() : undefined]).then(([module]) => module),
    ).then((module) => ({ default: module[name] })),
  );
  return Object.assign(page, { displayName: name });
}

export const isChunkLoadError = (error: unknown): boolean =>
  error instanceof ChunkLoadError || (error instanceof Error && error.name === 'ChunkLoadError');
