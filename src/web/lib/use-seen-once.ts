import { useCallback, useRef, useState } from 'react';

/**
 * Whether an element has come near the viewport (within `margin`), once: a section below a list
 * asks for its data only when the person scrolls to it. Give the returned ref to the element.
 * Without IntersectionObserver (an old browser), it counts as seen at once.
 */
export function useSeenOnce<T extends Element>(
  margin = '200px',
): [(element: T | null) => void, boolean] {
  const [seen, setSeen] = useState(false);
  const observer = useRef<IntersectionObserver | null>(null);
  const ref = useCallback(
    (element: T | null) => {
      observer.current?.disconnect();
      observer.current = null;
      if (!element || seen) return;
      if (typeof IntersectionObserver === 'undefined') {
        setSeen(true);
        return;
      }
      observer.current = new IntersectionObserver(
        (entries) => {
          if (!entries.some((entry) => entry.isIntersecting)) return;
          observer.current?.disconnect();
          observer.current = null;
          setSeen(true);
        },
        { rootMargin: margin },
      );
      observer.current.observe(element);
    },
    [seen, margin],
  );
  return [ref, seen];
}
