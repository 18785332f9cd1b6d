import { format, getDay, parse, startOfWeek } from 'date-fns';
import { enUS } from 'date-fns/locale/en-US';
import { useMemo } from 'react';
import { Calendar, dateFnsLocalizer, Views, type View } from 'react-big-calendar';
import 'react-big-calendar/lib/css/react-big-calendar.css';
import { formatShiftAddress } from '@shared/address-format';
import type { BookedShiftDto } from '@shared/professional/dashboard';
import { toCalendarDate } from '../shift-time';

const CULTURE = 'en-US';

const localizer = dateFnsLocalizer({
  format,
  parse,
  startOfWeek: (date: Date) => startOfWeek(date, { weekStartsOn: 0 }),
  getDay,
  locales: { [CULTURE]: enUS },
});

const views: View[] = [Views.MONTH, Views.WEEK, Views.DAY, Views.AGENDA];

interface ShiftEvent {
  title: string;
  location: string;
  start: Date;
  end: Date;
}

/**
 * The professional's booked shifts on a calendar ('Hygienist · Shoreline Dental') (height 600, en-US). Read-only: a professional
 * cannot move a practice's shift, so there is no drag and drop.
 */
export default function BookedShiftCalendar({ shifts }: { shifts: BookedShiftDto[] }) {
  const events = useMemo<ShiftEvent[]>(
    () =>
      shifts.map((shift) => ({
        title: `${shift.title} · ${shift.practiceName}`,
        location: formatShiftAddress(shift.location, shift.practiceName),
        start: toCalendarDate(shift.startTime),
        end: toCalendarDate(shift.endTime),
      })),
    [shifts],
  );
  return (
    // Days of the neighbouring months in a darker grey than the calendar's own (AA contrast);
    // important, since the calendar's own stylesheet is outside Tailwind's layers.
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white p-2 sm:p-4 [&_.rbc-off-range]:text-slate-600! [&_.rbc-off-range-bg]:bg-slate-100!">
      <div className="min-w-[640px]">
        <Calendar<ShiftEvent>
          localizer={localizer}
          culture={CULTURE}
          events={events}
          views={views}
          defaultView={Views.MONTH}
          step={30}
          timeslots={2}
          length={30}
          popup
          style={{ height: 600 }}
          tooltipAccessor={(event) => `${event.title} at ${event.location}`}
          eventPropGetter={() => ({
            style: { backgroundColor: '#0e7490', borderColor: '#155e75' },
          })}
          messages={{ noEventsInRange: 'There are no booked shifts in this range.' }}
        />
      </div>
    </div>
  );
}
