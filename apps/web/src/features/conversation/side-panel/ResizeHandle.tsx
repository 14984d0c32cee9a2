// The handle between the messages and the side panel: dragged with the pointer, or focused and moved with the
// arrow keys (Shift for larger steps, Home and End for the extremes), as the ARIA window splitter pattern has it.
import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { widthForDrag, widthForKey, type WidthBounds } from './side-panel-layout.ts';
import classes from './SidePanel.module.css';

export function ResizeHandle({
  width,
  bounds,
  controls,
  onResize,
}: {
  width: number;
  bounds: WidthBounds;
  /** The id of the panel it resizes. */
  controls: string;
  onResize: (width: number) => void;
}) {
  const { t } = useTranslation();
  const drag = useRef<{ startX: number; startWidth: number } | null>(null);

  function handlePointerDown(event: PointerEvent<HTMLDivElement>) {
    if (event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { startX: event.clientX, startWidth: width };
  }

  function handlePointerMove(event: PointerEvent<HTMLDivElement>) {
    if (!drag.current) return;
    onResize(widthForDrag(drag.current.startWidth, drag.current.startX, event.clientX, bounds));
  }

  function handlePointerEnd() {
    drag.current = null;
  }

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const next = widthForKey(event.key, event.shiftKey, width, bounds);
    if (next === null) return;
    event.preventDefault();
    onResize(next);
  }

  return (
    <div
      role="separator"
      aria-orientation="vertical"
      aria-controls={controls}
      aria-label={t('sidePanel.resize')}
      aria-valuenow={width}
      aria-valuemin={bounds.min}
      aria-valuemax={bounds.max}
      aria-valuetext={t('sidePanel.width', { width })}
      tabIndex={0}
      className={classes.handle}
      onPointerDown={handlePointerDown}
      onPointerMove={handlePointerMove}
      onPointerUp={handlePointerEnd}
      onPointerCancel={handlePointerEnd}
      onKeyDown={handleKeyDown}
      data-testid="side-panel-handle"
    />
  );
}
