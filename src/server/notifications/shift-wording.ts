import { formatHourlyRate } from '@shared/money-format';

/** How notifications name a shift's day and hours: the one date format (@shared/date-format). */
export {
  formatShortShiftDate as shiftDay,
  formatShiftHours as shiftHours,
  formatShiftClock as shiftStartClock,
} from '@shared/date-format';

/** '$55.00/hr': the one hourly rate format (@shared/money-format), under the name notices use. */
export const hourlyRate = formatHourlyRate;
