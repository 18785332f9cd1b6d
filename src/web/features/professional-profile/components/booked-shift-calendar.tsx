import { useMemo } from 'react';
import { Calendar, Views } from 'react-big-calendar';
import 'react-big-calendar/lib/css/react-big-calendar.css';
import '@web/components/calendar/schedule-calendar.css';
import {
  CALENDAR_CULTURE,
  calendarLocalizer,
  calendarViews,
  useCalendarNavigation,
} from '@web/components/calendar/calendar-setup';
import { formatShiftAddress } from '@shared/address-format';
import type { BookedShiftDto } from '@shared/professional/professional-replies';
import { calendarNow, toCalendarDate } from '@web/components/calendar/calendar-dates';

interface ShiftEvent {
  title: string;
  location: string;
  start: Date;
  end: Date;
}

/**
 * The professional's booked shifts on a calendar ('Hygienist · Shoreline Dental') (height 600,
 * en-US; the agenda on phones). Read-only: a professional cannot move a practice's shift, so
 * there is no drag and drop.
 */
export default function BookedShiftCalendar({ shifts }: { shifts: BookedShiftDto[] }) {
  const { date, view, onView, onNavigate, length } = useCalendarNavigation();
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
    <div
      className={`schedule-calendar rounded-lg border border-slate-200 bg-white p-2 sm:p-4 [&_.rbc-off-range]:text-slate-600! [&_.rbc-off-range-bg]:bg-slate-100! ${view === Views.WEEK ? 'schedule-calendar--week' : ''}`}
    >
      <div>
        <Calendar<ShiftEvent>
          localizer={calendarLocalizer}
          culture={CALENDAR_CULTURE}
          events={events}
          views={calendarViews}
          view={view}
          onView={onView}
          date={date}
          onNavigate={onNavigate}
          step={30}
          timeslots={2}
          length={length}
          getNow={calendarNow}
          popup
          style={{ height: 600 }}
          tooltipAccessor={(event) => `${event.title} at ${event.location}`}
          eventPropGetter={() => ({
            style: { backgroundColor: '#0e7490', borderColor: '#155e75', color: '#ffffff' },
          })}
          messages={{ noEventsInRange: 'There are no booked shifts in this range.' }}
        />
      </div>
    </div>
  );
}
