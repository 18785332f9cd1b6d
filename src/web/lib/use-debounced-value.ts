import { useEffect, useState } from 'react';

/**
 * `value` once it has stayed the same for `delayMs`: a read asked for as a person types is sent
 * when they pause, not on every keystroke.
 */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
