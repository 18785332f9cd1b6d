import { ChevronLeft, ChevronRight } from 'lucide-react';
import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';

export interface TabItem<T extends string> {
  value: T;
  label: string;
}

interface TabsProps<T extends string> {
  /** Names the tab list for screen readers. */
  label: string;
  tabs: readonly TabItem<T>[];
  value: T;
  onChange: (value: T) => void;
  /** The selected tab's panel. */
  children: ReactNode;
}

/** Which ends of a scrolling tab list have tabs out of view. */
interface Overflow {
  start: boolean;
  end: boolean;
}

/**
 * WAI-ARIA tabs with automatic activation: one tab stop, arrow keys (and Home/End) move between
 * tabs and select them, the panel is labelled by the selected tab. On a narrow screen the tab
 * list scrolls sideways: a fade marks each end with tabs out of view, and the selected tab is
 * scrolled into view.
 */
export function Tabs<T extends string>({ label, tabs, value, onChange, children }: TabsProps<T>) {
  const baseId = useId();
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const selectedIndex = Math.max(
    0,
    tabs.findIndex((tab) => tab.value === value),
  );
  const tabId = (index: number) => `${baseId}-tab-${index}`;
  const listRef = useRef<HTMLDivElement>(null);
  const [overflow, setOverflow] = useState<Overflow>({ start: false, end: false });
  const measure = useCallback(() => {
    const list = listRef.current;
    if (!list) return;
    const start = list.scrollLeft > 1;
    const end = list.scrollLeft + list.clientWidth < list.scrollWidth - 1;
    setOverflow((current) =>
      current.start === start && current.end === end ? current : { start, end },
    );
  }, []);
  // Measured when the browser lays the list out (the observer's first call comes after the first
  // layout), never by forcing a layout in the middle of the render that mounts it: on a busy page
  // that forced layout of the whole page made the render's task much longer.
  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const observer = new ResizeObserver(measure);
    observer.observe(list);
    return () => observer.disconnect();
  }, [measure]);
  // The selected tab in view (only the list scrolls, never the page), in the next frame.
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      const list = listRef.current;
      const tab = refs.current[selectedIndex];
      if (!list || !tab) return;
      const left = tab.offsetLeft;
      const right = left + tab.offsetWidth;
      const fade = 32;
      if (left - fade < list.scrollLeft) list.scrollLeft = Math.max(0, left - fade);
      else if (right + fade > list.scrollLeft + list.clientWidth) {
        list.scrollLeft = right + fade - list.clientWidth;
      }
      measure();
    });
    return () => cancelAnimationFrame(frame);
  }, [selectedIndex, measure]);
  const panelId = `${baseId}-panel`;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = tabs.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? selectedIndex === last
          ? 0
          : selectedIndex + 1
        : event.key === 'ArrowLeft'
          ? selectedIndex === 0
            ? last
            : selectedIndex - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    onChange(tabs[next]!.value);
    refs.current[next]?.focus();
  };

  return (
    <div>
      <div className="relative">
        <div
          ref={listRef}
          role="tablist"
          aria-label={label}
          onKeyDown={onKeyDown}
          onScroll={measure}
          data-overflow-start={overflow.start || undefined}
          data-overflow-end={overflow.end || undefined}
          className="relative flex gap-1 overflow-x-auto border-b border-slate-300"
        >
          {tabs.map((tab, index) => {
            const selected = index === selectedIndex;
            return (
              <button
                key={tab.value}
                ref={(element) => {
                  refs.current[index] = element;
                }}
                type="button"
                role="tab"
                id={tabId(index)}
                aria-selected={selected}
                aria-controls={panelId}
                tabIndex={selected ? 0 : -1}
                onClick={() => onChange(tab.value)}
                className={`-mb-px shrink-0 border-b-2 px-3 py-2 text-sm font-semibold whitespace-nowrap ${
                  selected
                    ? 'border-brand-600 text-brand-700'
                    : 'border-transparent text-slate-700 hover:border-slate-400 hover:text-ink'
                }`}
              >
                {tab.label}
              </button>
            );
          })}
        </div>
        {overflow.start ? (
          <span
            aria-hidden="true"
            data-testid="tabs-fade-start"
            className="pointer-events-none absolute inset-y-0 left-0 flex w-10 items-center bg-linear-to-r from-slate-50 via-slate-50/90 to-transparent text-slate-600"
          >
            <ChevronLeft className="h-4 w-4" />
          </span>
        ) : null}
        {overflow.end ? (
          <span
            aria-hidden="true"
            data-testid="tabs-fade-end"
            className="pointer-events-none absolute inset-y-0 right-0 flex w-10 items-center justify-end bg-linear-to-l from-slate-50 via-slate-50/90 to-transparent text-slate-600"
          >
            <ChevronRight className="h-4 w-4" />
          </span>
        ) : null}
      </div>
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(selectedIndex)} className="pt-4">
        {children}
      </div>
    </div>
  );
}
