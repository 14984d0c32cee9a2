// The width of an element, known before the first paint and followed as the window or the layout changes: the
// conversation area decides between two columns and tabs, and must not show one and then the other.
import { useLayoutEffect, useState, type RefObject } from 'react';

/** Null until the element is measured. */
export function useAreaWidth(ref: RefObject<HTMLElement | null>): number | null {
  const [width, setWidth] = useState<number | null>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    setWidth(element.getBoundingClientRect().width);
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(entry.contentRect.width);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}
