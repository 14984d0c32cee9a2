// Whether the timeline is at rest. A bubble's menus (the reaction picker's popover and tooltip, the actions
// menu) cost more to mount than the rest of the bubble together, and a fast scroll mounts dozens of bubbles a
// second: bubbles mounted while it moves show plain buttons and take their menus once it stops.
import { createContext, useContext, useState } from 'react';

/** True outside a timeline, so a bubble rendered on its own has its menus at once. */
export const TimelineSettledContext = createContext(true);

/** False until the timeline has been at rest once since the caller mounted; true from then on. */
export function useSettledOnce(): boolean {
  const settled = useContext(TimelineSettledContext);
  const [once, setOnce] = useState(settled);
  if (settled && !once) setOnce(true);
  return once || settled;
}
