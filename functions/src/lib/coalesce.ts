/**
 * Coalesces notifications per key: the first call of a quiet key fires at once (and is awaited); calls within
 * the next `windowMs` fire once more, at the window's end, with the last call's value. Keys (tenants) never
 * hold each other back. The trailing one runs from a timer: in a Lambda frozen before it, it runs at the next
 * invocation, so it suits notifications whose loss only delays a refresh.
 */
export function coalesceByKey<V>(
  windowMs: number,
  fire: (key: string, value: V) => Promise<void>,
): (key: string, value: V) => Promise<void> {
  const windows = new Map<string, { trailing?: { value: V } }>();
  const notify = async (key: string, value: V): Promise<void> => {
    const open = windows.get(key);
    if (open) {
      open.trailing = { value };
      return;
    }
    const window: { trailing?: { value: V } } = {};
    windows.set(key, window);
    setTimeout(() => {
      windows.delete(key);
      if (window.trailing) void notify(key, window.trailing.value);
    }, windowMs).unref();
    await fire(key, value);
  };
  return notify;
}
