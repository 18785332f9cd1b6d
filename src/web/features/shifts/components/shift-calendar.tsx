import {
  addDays,
  endOfDay,
  endOfMonth,
  endOfWeek,
  startOfDay,
  startOfMonth,
  startOfWeek,
} from 'date-fns';
import { useMemo, useState } from 'react';
import { Calendar, Views, type EventProps, type Formats, type View } from 'react-big-calendar';
import 'react-big-calendar/lib/css/react-big-calendar.css';
import '@web/components/calendar/schedule-calendar.css';
import './shift-calendar.css';
import {
  AGENDA_DAYS,
  CALENDAR_CULTURE,
  calendarLocalizer,
  calendarViews,
  useCalendarNavigation,
} from '@web/components/calendar/calendar-setup';
import type { ShiftDto } from '@shared/practice/practice-replies';
import { Banner } from '@web/components/ui/banner';
import { useShiftsInRange, type ShiftRange } from '../api/shifts';
import { statusLabel } from '../shift-labels';
import {
  calendarNow,
  fromCalendarDate,
  toCalendarDate,
} from '@web/components/calendar/calendar-dates';
import { formatShiftDate, formatTimeRange } from '../shift-time';
import { CancelShiftDialog } from './cancel-shift-dialog';
import { shiftsLoadFailed } from './shift-list-states';

const timeRange = (
  { start, end }: { start: Date; end: Date },
  culture: string | undefined,
  loc: typeof calendarLocalizer | undefined,
) => `${loc!.format(start, 'h:mm a', culture)} – ${loc!.format(end, 'h:mm a', culture)}`;

const formats: Formats = {
  agendaDateFormat: 'EEE, MMM d, yyyy',
  agendaTimeFormat: 'h:mm a',
  agendaTimeRangeFormat: timeRange,
  eventTimeRangeFormat: timeRange,
  timeGutterFormat: 'h:mm a',
};

const messages = { noEventsInRange: 'There are no shifts in this range.' };

/** Week and day views open at 7 AM, where the working day starts. */
const scrollToTime = new Date(1970, 0, 1, 7, 0);

interface ShiftEvent {
  shift: ShiftDto;
  title: string;
  start: Date;
  end: Date;
}

/**
 * 'Hygienist · Main Office', with who is booked ('· Taylor Brooks'), or '(Cancelled)' or
 * '(Expired)'.
 */
function eventTitle(shift: ShiftDto): string {
  const base = `${shift.position} · ${shift.location.name}`;
  if (shift.status === 'cancelled' || shift.status === 'expired') {
    return `${base} (${statusLabel(shift.status)})`;
  }
  return shift.booking ? `${base} · ${shift.booking.professionalName}` : base;
}

function toEvent(shift: ShiftDto): ShiftEvent {
  return {
    shift,
    title: eventTitle(shift),
    start: toCalendarDate(shift.startTime),
    end: toCalendarDate(shift.endTime),
  };
}

/** The instants the visible range covers (the calendar's dates are practice wall-clock times). */
function visibleRange(date: Date, view: View): ShiftRange {
  let start: Date;
  let end: Date;
  if (view === Views.DAY) {
    start = startOfDay(date);
    end = endOfDay(date);
  } else if (view === Views.WEEK) {
    start = startOfWeek(date, { weekStartsOn: 0 });
    end = endOfWeek(date, { weekStartsOn: 0 });
  } else if (view === Views.AGENDA) {
    start = startOfDay(date);
    end = endOfDay(addDays(date, AGENDA_DAYS - 1));
  } else {
    // The month grid shows whole weeks, up to six of them.
    start = startOfWeek(startOfMonth(date), { weekStartsOn: 0 });
    end = endOfDay(addDays(endOfWeek(endOfMonth(date), { weekStartsOn: 0 }), 7));
  }
  return {
    from: fromCalendarDate(start).toISOString(),
    to: fromCalendarDate(end).toISOString(),
  };
}

/**
 * A shift's status as a class; its colours are in shift-calendar.css. Not inline styles: the
 * agenda puts them on the whole row, whose first row holds the day's date cell (it spans every
 * shift of that day), so one cancelled shift would mark the whole date.
 */
function eventPropGetter(event: ShiftEvent) {
  const { status, booking } = event.shift;
  const kind =
    status === 'cancelled'
      ? 'cancelled'
      : status === 'expired'
        ? // Started without anyone booked: grey, no longer an open request.
          'expired'
        : booking
          ? 'booked'
          : 'open';
  return { className: `shift-event shift-event--${kind}` };
}

function EventButton({ event, title }: EventProps<ShiftEvent>) {
  return (
    <button
      type="button"
      className="block w-full cursor-pointer truncate text-left"
      aria-label={`${title}, ${formatShiftDate(event.shift.startTime)}, ${formatTimeRange(
        event.shift.startTime,
        event.shift.endTime,
      )}`}
    >
      {title}
    </button>
  );
}

/**
 * Month and agenda events are plain elements in react-big-calendar; a button inside makes them
 * reachable and usable from the keyboard (its click reaches the calendar's own handler). In the
 * month grid the event sits in a week row (role row), so it is one of the row's cells.
 */
function MonthEvent(props: EventProps<ShiftEvent>) {
  return (
    <span role="cell" className="block">
      <EventButton {...props} />
    </span>
  );
}

/** The Schedule: every shift of the visible range on react-big-calendar. */
export default function ShiftCalendar() {
  const { date, view, onView, onNavigate, length } = useCalendarNavigation();
  const [selected, setSelected] = useState<ShiftDto | null>(null);
  const range = useMemo(() => visibleRange(date, view), [date, view]);
  const shifts = useShiftsInRange(range);
  const events = useMemo(() => (shifts.data ?? []).map(toEvent), [shifts.data]);

  // Open and filled shifts can be cancelled from the calendar (a filled one with a reason).
  const open = (event: ShiftEvent) => {
    if (event.shift.status === 'open' || event.shift.status === 'filled') {
      setSelected(event.shift);
    }
  };

  return (
    <div className="space-y-3">
      {shifts.isLoadingError ? <Banner tone="error">{shiftsLoadFailed}</Banner> : null}
      <p className="flex flex-wrap items-center gap-4 text-sm text-slate-700">
        <span className="inline-flex items-center gap-2">
          <span aria-hidden="true" className="inline-block h-3 w-3 rounded-sm bg-blue-700" />
          Open shift
        </span>
        <span className="inline-flex items-center gap-2">
          <span aria-hidden="true" className="inline-block h-3 w-3 rounded-sm bg-emerald-700" />
          Booked shift
        </span>
        <span className="inline-flex items-center gap-2">
          <span
            aria-hidden="true"
            className="inline-block h-3 w-3 rounded-sm bg-red-900 opacity-75"
          />
          Cancelled shift
        </span>
        <span className="inline-flex items-center gap-2">
          <span aria-hidden="true" className="inline-block h-3 w-3 rounded-sm bg-slate-600" />
          Expired shift
        </span>
        <span role="status" className="ml-auto">
          {shifts.isFetching ? 'Loading shifts…' : ''}
        </span>
      </p>
      <div
        className={`schedule-calendar shift-calendar rounded-lg border border-slate-200 bg-white p-2 sm:p-4 ${view === Views.WEEK ? 'schedule-calendar--week' : ''}`}
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
            longPressThreshold={250}
            drilldownView={Views.DAY}
            scrollToTime={scrollToTime}
            popup
            style={{ height: 600 }}
            formats={formats}
            messages={messages}
            eventPropGetter={eventPropGetter}
            tooltipAccessor={(event) =>
              `${event.title}: ${formatTimeRange(event.shift.startTime, event.shift.endTime)}`
            }
            components={{ month: { event: MonthEvent }, agenda: { event: EventButton } }}
            onSelectEvent={open}
            onKeyPressEvent={(event, e) => {
              const key = 'key' in e ? String(e.key) : '';
              if (key === 'Enter' || key === ' ') {
                e.preventDefault();
                open(event);
              }
            }}
          />
        </div>
      </div>
      <CancelShiftDialog shift={selected} onClose={() => setSelected(null)} />
    </div>
  );
}
