// The console's keyboard shortcuts, in one registry: whoever owns an action declares its shortcut here, and the
// one keydown listener (installed by the panel), the `?` help dialog and the Ctrl+K command palette all read
// the same list, so a shortcut is documented and reachable from the palette as soon as it is registered.
//
// Declaring one, from the component that owns the action (registered while it is mounted):
//
//   useShortcut({
//     id: 'conversation.resolve',          // unique; a later registration of the same id replaces the earlier
//     keys: 'alt+r',                        // modifiers (ctrl, alt, shift, meta, mod = Ctrl or ⌘ on a Mac) + key
//     label: 'shortcuts.actions.resolve',   // a key under shortcuts.actions in locales/console/*.json
//     handler: () => resolve.mutate(),
//   });
//
// Keys: a letter or digit (matched by its physical key, so Alt+N works on a Mac where Alt types "˜"), a
// character such as `/` or `?` (matched by the character typed, whatever Shift it took), or a named key
// (ArrowUp, Enter…). Pick keys that browsers and screen readers leave alone: Alt+letter (not Alt+F/E/D, the
// browser's menus and address bar), Alt+arrow up/down (Alt+left/right are back/forward), Ctrl+K, `/` and `?`.
// A shortcut without Ctrl, Alt or Meta never fires while the user types in a field (input, textarea, select,
// contenteditable): `/` must stay a slash in a message. `hidden` keeps an action out of the palette (for
// shortcuts that only make sense from the keyboard, like the palette itself). An action without `keys` is the
// palette's only (a snooze preset, opening a side page): it reaches the keyboard through Ctrl+K, not a key of
// its own, and the help dialog leaves it out. useShortcuts declares several at once, for the actions that apply
// only sometimes (pass the ones that apply now).
import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { Messages } from './i18n.ts';

/** Shortcut labels live under `shortcuts.actions` of the console texts, in all five languages. */
export type ShortcutLabel = `shortcuts.actions.${keyof Messages['shortcuts']['actions'] & string}`;

export interface Shortcut {
  id: string;
  /** None: reachable from the palette only. */
  keys?: string;
  /** The help dialog and the palette translate it. */
  label: ShortcutLabel;
  handler: () => void;
  /** Not listed in the command palette (still in the help dialog). */
  hidden?: boolean;
}

interface ParsedKeys {
  ctrl: boolean;
  alt: boolean;
  shift: boolean;
  meta: boolean;
  key: string;
}

const isMac = (): boolean => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

export function parseKeys(keys: string): ParsedKeys {
  const parts = keys.split('+').map((part) => part.trim());
  // "shift++" would split into empty parts: the last part is the key, "+" when it is empty.
  const key = parts.pop() || '+';
  const modifiers = new Set(parts.map((part) => part.toLowerCase()));
  const mod = modifiers.has('mod');
  return {
    ctrl: modifiers.has('ctrl') || (mod && !isMac()),
    alt: modifiers.has('alt'),
    shift: modifiers.has('shift'),
    meta: modifiers.has('meta') || (mod && isMac()),
    key,
  };
}

const PHYSICAL = /^[a-z0-9]$/i;

export function matchesKeys(event: KeyboardEvent, keys: string): boolean {
  const wanted = parseKeys(keys);
  if (event.ctrlKey !== wanted.ctrl || event.altKey !== wanted.alt || event.metaKey !== wanted.meta)
    return false;
  if (PHYSICAL.test(wanted.key)) {
    if (event.shiftKey !== wanted.shift) return false;
    const code = /\d/.test(wanted.key) ? `Digit${wanted.key}` : `Key${wanted.key.toUpperCase()}`;
    return event.code === code || event.key.toLowerCase() === wanted.key.toLowerCase();
  }
  // A typed character (`?`, `/`) takes Shift or not depending on the keyboard layout: only the character counts.
  if (wanted.key.length === 1) return event.key === wanted.key;
  return event.shiftKey === wanted.shift && event.key.toLowerCase() === wanted.key.toLowerCase();
}

/** Whether the user is typing somewhere a bare key belongs to the text. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  return ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

const hasCommandModifier = (keys: string): boolean => {
  const parsed = parseKeys(keys);
  return parsed.ctrl || parsed.alt || parsed.meta;
};

const KEY_NAMES: Record<string, string> = {
  arrowup: '↑',
  arrowdown: '↓',
  arrowleft: '←',
  arrowright: '→',
  enter: 'Enter',
  escape: 'Esc',
};

/** The keys as shown to people, one entry per key: ["Ctrl", "K"], ["⌘", "K"], ["Alt", "↓"]. */
export function displayKeys(keys: string): string[] {
  const parsed = parseKeys(keys);
  const mac = isMac();
  return [
    ...(parsed.ctrl ? [mac ? '⌃' : 'Ctrl'] : []),
    ...(parsed.meta ? [mac ? '⌘' : 'Meta'] : []),
    ...(parsed.alt ? [mac ? '⌥' : 'Alt'] : []),
    ...(parsed.shift ? ['Shift'] : []),
    KEY_NAMES[parsed.key.toLowerCase()] ?? (parsed.key.length === 1 ? parsed.key.toUpperCase() : parsed.key),
  ];
}

/** The keys in the `aria-keyshortcuts` syntax (UI Events key names): "Control+K", "Alt+ArrowDown", "?". */
export function ariaKeys(keys: string): string {
  const parsed = parseKeys(keys);
  return [
    ...(parsed.ctrl ? ['Control'] : []),
    ...(parsed.meta ? ['Meta'] : []),
    ...(parsed.alt ? ['Alt'] : []),
    ...(parsed.shift ? ['Shift'] : []),
    parsed.key.length === 1 ? parsed.key.toUpperCase() : parsed.key,
  ].join('+');
}

// Registrations in order; the latest of an id wins, so a remounted owner replaces its previous self.
let registrations: Shortcut[] = [];
let snapshot: readonly Shortcut[] = [];
const listeners = new Set<() => void>();

function publish(): void {
  const seen = new Set<string>();
  snapshot = registrations
    .toReversed()
    .filter((entry) => (seen.has(entry.id) ? false : (seen.add(entry.id), true)))
    .toReversed();
  listeners.forEach((listener) => listener());
}

/** Registers a shortcut; the returned function removes exactly this registration. */
export function registerShortcut(shortcut: Shortcut): () => void {
  registrations = [...registrations, shortcut];
  publish();
  return () => {
    registrations = registrations.filter((entry) => entry !== shortcut);
    publish();
  };
}

/** The shortcuts in effect, one per id, in registration order. */
export const registeredShortcuts = (): readonly Shortcut[] => snapshot;

const subscribe = (listener: () => void): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useRegisteredShortcuts = (): readonly Shortcut[] =>
  useSyncExternalStore(subscribe, registeredShortcuts);

/**
 * Registers a shortcut while the calling component is mounted. The handler may change on every render (it
 * is read when the key is pressed); keys, label and id re-register when they change.
 */
export function useShortcut(shortcut: Shortcut): void {
  useShortcuts([shortcut]);
}

/**
 * Registers several shortcuts while the calling component is mounted: those in the list now, so an action
 * that does not apply (or that the user may not do) is left out of the list. Handlers are read when run.
 */
export function useShortcuts(shortcuts: readonly Shortcut[]): void {
  const handlers = useRef(new Map<string, () => void>());
  handlers.current = new Map(shortcuts.map((shortcut) => [shortcut.id, shortcut.handler]));
  const declared = JSON.stringify(
    shortcuts.map(({ id, keys, label, hidden }) => ({ id, keys, label, hidden })),
  );
  useEffect(() => {
    const removals = (JSON.parse(declared) as Omit<Shortcut, 'handler'>[]).map((entry) =>
      registerShortcut({ ...entry, handler: () => handlers.current.get(entry.id)?.() }),
    );
    return () => removals.forEach((remove) => remove());
  }, [declared]);
}

/** Runs the shortcut a key press means, if any; true when it ran one (and took the key from the page). */
export function dispatchShortcut(event: KeyboardEvent): boolean {
  if (event.defaultPrevented || event.isComposing || event.repeat) return false;
  const typing = isTypingTarget(event.target);
  const shortcut = snapshot.findLast(
    (entry) =>
      entry.keys !== undefined &&
      matchesKeys(event, entry.keys) &&
      (!typing || hasCommandModifier(entry.keys)),
  );
  if (!shortcut) return false;
  event.preventDefault();
  shortcut.handler();
  return true;
}

/** The one listener; the panel installs it while the console is on screen. */
export function useShortcutListener(): void {
  useEffect(() => {
    window.addEventListener('keydown', dispatchShortcut);
    return () => window.removeEventListener('keydown', dispatchShortcut);
  }, []);
}
