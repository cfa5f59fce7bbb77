import type { HandlerRef } from '@atende/shared/infra/handlers';
import { handlerKey } from '@atende/shared/infra/handlers';

/** Any Lambda handler: an event and a context in, a promise of a result out. */
export type LambdaHandler = (event: never, context: never) => Promise<unknown>;

const loaded = new Map<string, Promise<LambdaHandler>>();

/**
 * Imports a handler module of functions/ once, as the Lambda runtime does per container. The module is the
 * same file CDK bundles; only the environment differs.
 */
export function loadHandler(ref: HandlerRef): Promise<LambdaHandler> {
  const key = handlerKey(ref);
  let pending = loaded.get(key);
  if (!pending) {
    pending = import(`@atende/functions/${ref.module}`).then((module: Record<string, unknown>) => {
      const candidate = module[ref.export];
      if (typeof candidate !== 'function') throw new Error(`${key} does not export a function`);
      return candidate as LambdaHandler;
    });
    loaded.set(key, pending);
    pending.catch(() => loaded.delete(key));
  }
  return pending;
}

/** Calls a handler with a typed event, hiding the `never` parameter types of LambdaHandler. */
export async function invoke<E, R>(handler: LambdaHandler, event: E, context: unknown): Promise<R> {
  return (await (handler as unknown as (e: E, c: unknown) => Promise<R>)(event, context)) as R;
}
