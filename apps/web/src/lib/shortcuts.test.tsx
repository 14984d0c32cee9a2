// The shortcut registry: which key presses run a shortcut (physical letters under Alt, typed characters
// whatever Shift they took), never a bare key while typing in a field, modifiers everywhere, and the latest
// registration of an id winning until it is removed.
import { act, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ariaKeys,
  displayKeys,
  registerShortcut,
  registeredShortcuts,
  useShortcut,
  useShortcutListener,
} from './shortcuts.ts';

const removers: (() => void)[] = [];
const register = (keys: string, id = keys) => {
  const handler = vi.fn();
  removers.push(registerShortcut({ id, keys, label: 'shortcuts.actions.search', handler }));
  return handler;
};

afterEach(() => {
  removers.splice(0).forEach((remove) => remove());
});

function Fields() {
  useShortcutListener();
  return (
    <>
      <input aria-label="field" />
      <textarea aria-label="text" />
      <div aria-label="editor" contentEditable suppressContentEditableWarning role="textbox" />
      <button type="button">button</button>
    </>
  );
}

describe('shortcut registry', () => {
  it('runs a bare-key shortcut outside fields and never while typing in one', async () => {
    const user = userEvent.setup();
    render(<Fields />);
    const search = register('/');
    const help = register('?');

    await user.click(screen.getByRole('button', { name: 'button' }));
    await user.keyboard('/');
    expect(search).toHaveBeenCalledTimes(1);
    await user.keyboard('?');
    expect(help).toHaveBeenCalledTimes(1);

    for (const name of ['field', 'text']) {
      await user.click(screen.getByLabelText(name));
      await user.keyboard('/?');
      expect(screen.getByLabelText<HTMLInputElement>(name).value).toBe('/?');
    }
    // jsdom does not implement isContentEditable: the attribute is what the browser would read.
    const editor = screen.getByRole('textbox', { name: 'editor' });
    Object.defineProperty(editor, 'isContentEditable', { value: true });
    editor.focus();
    await user.keyboard('/');
    expect(search).toHaveBeenCalledTimes(1);
    expect(help).toHaveBeenCalledTimes(1);
  });

  it('runs a shortcut with Ctrl, Alt or Meta from inside a field, and takes the key from it', async () => {
    const user = userEvent.setup();
    render(<Fields />);
    const next = register('alt+n');
    const threads = register('ctrl+shift+a');
    await user.click(screen.getByLabelText('text'));
    await user.keyboard('{Alt>}n{/Alt}');
    await user.keyboard('{Control>}{Shift>}A{/Shift}{/Control}');
    expect(next).toHaveBeenCalledTimes(1);
    expect(threads).toHaveBeenCalledTimes(1);
    expect(screen.getByLabelText<HTMLTextAreaElement>('text').value).toBe('');
    // Modifiers are exact: Alt+Shift+N is not Alt+N, Ctrl+A is not Ctrl+Shift+A.
    await user.keyboard('{Alt>}{Shift>}N{/Shift}{/Alt}{Control>}a{/Control}');
    expect(next).toHaveBeenCalledTimes(1);
    expect(threads).toHaveBeenCalledTimes(1);
  });

  it('matches letters by their physical key (Alt+N types "˜" on a Mac) and named keys by name', () => {
    render(<Fields />);
    const next = register('alt+n');
    const down = register('alt+ArrowDown');
    act(() => {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: '˜', code: 'KeyN', altKey: true }));
      window.dispatchEvent(
        new KeyboardEvent('keydown', { key: 'ArrowDown', code: 'ArrowDown', altKey: true }),
      );
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', code: 'ArrowDown' }));
    });
    expect(next).toHaveBeenCalledTimes(1);
    expect(down).toHaveBeenCalledTimes(1);
  });

  it('lets the latest registration of an id win, and the earlier one back when it leaves', async () => {
    const user = userEvent.setup();
    render(<Fields />);
    const first = register('alt+r', 'conversation.resolve');
    const second = register('alt+r', 'conversation.resolve');
    expect(registeredShortcuts().filter((entry) => entry.id === 'conversation.resolve')).toHaveLength(1);
    await user.keyboard('{Alt>}r{/Alt}');
    expect(second).toHaveBeenCalledTimes(1);
    expect(first).not.toHaveBeenCalled();
    removers.pop()?.();
    await user.keyboard('{Alt>}r{/Alt}');
    expect(first).toHaveBeenCalledTimes(1);
  });

  it('useShortcut registers while mounted and calls the latest handler', async () => {
    const user = userEvent.setup();
    render(<Fields />);
    const calls: number[] = [];
    const { rerender, unmount } = renderHook(
      ({ value }: { value: number }) =>
        useShortcut({
          id: 'test.hook',
          keys: 'alt+m',
          label: 'shortcuts.actions.focusComposer',
          handler: () => calls.push(value),
        }),
      { initialProps: { value: 1 } },
    );
    rerender({ value: 2 });
    await user.keyboard('{Alt>}m{/Alt}');
    unmount();
    await user.keyboard('{Alt>}m{/Alt}');
    expect(calls).toEqual([2]);
    expect(registeredShortcuts().some((entry) => entry.id === 'test.hook')).toBe(false);
  });

  it('shows keys to people and to assistive technology', () => {
    expect(displayKeys('alt+ArrowDown')).toEqual(['Alt', '↓']);
    expect(displayKeys('ctrl+shift+a')).toEqual(['Ctrl', 'Shift', 'A']);
    expect(ariaKeys('mod+k')).toBe('Control+K');
    expect(ariaKeys('alt+ArrowUp')).toBe('Alt+ArrowUp');
    expect(ariaKeys('?')).toBe('?');
  });
});
