/**
 * A wall-clock hour as people read it, without the availability schemas (availability.ts, with
 * zod, re-exports it), so Find Shifts can explain a shift's fit without loading zod.
 */

/** '09:00' -> '9:00 AM', '00:00' -> '12:00 AM', '13:00' -> '1:00 PM'. */
export function formatHour(time: string): string {
  const hour = Number(time.slice(0, 2));
  const suffix = hour < 12 ? 'AM' : 'PM';
  const twelve = hour % 12 === 0 ? 12 : hour % 12;
  return `${twelve}:${time.slice(3, 5) || '00'} ${suffix}`;
}
