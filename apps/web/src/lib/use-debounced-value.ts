import { useEffect, useState } from 'react';

/**
 * `value` once it has stayed the same for `delayMs`: what a search box asks the API for, so a
 * request goes out when typing pauses rather than on every key. Starts as `initial`.
 */
export function useDebouncedValue<T>(value: T, delayMs: number, initial: T = value): T {
  const [settled, setSettled] = useState(initial);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
