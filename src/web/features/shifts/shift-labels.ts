import type { ShiftStatus } from '@shared/practice/shift-constants';
import { breakTimeOptions } from '@shared/practice/shift-constants';

/** 'Open', 'Cancelled', ... */
export function statusLabel(status: ShiftStatus): string {
  return status.charAt(0).toUpperCase() + status.slice(1);
}

export function breakLabel(minutes: number): string {
  return breakTimeOptions.find((option) => option.value === minutes)?.label ?? `${minutes} minutes`;
}

export const statusBadgeClass: Record<ShiftStatus, string> = {
  open: 'bg-blue-100 text-blue-900',
  filled: 'bg-emerald-100 text-emerald-900',
  completed: 'bg-slate-200 text-slate-800',
  cancelled: 'bg-red-100 text-red-900',
  expired: 'bg-amber-100 text-amber-900',
};
