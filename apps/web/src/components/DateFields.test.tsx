// Date fields speak the interface language, not the browser's: day and month in the language's order, typed
// dates read that way, the calendar's weekday names and first day, the clock's 12/24 h.
import type { Language } from '@atende/contract';
import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { applyLanguage, loadConsoleTexts } from '../lib/i18n.ts';
import { DateField, DateTimeField } from './DateFields.tsx';

beforeAll(async () => {
  await loadConsoleTexts();
});

async function renderIn(language: Language, ui: React.ReactNode) {
  await act(() => applyLanguage(language));
  return render(<MantineProvider>{ui}</MantineProvider>);
}

function ControlledDate({ onChange }: { onChange: (value: string) => void }) {
  const [value, setValue] = useState('2026-03-09');
  return (
    <DateField
      label="Dia"
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
      testId="day"
    />
  );
}

describe('date fields in the interface language', () => {
  it.each([
    ['pt_br', '09/03/2026', '25/12/2026', 'dd/mm/aaaa'],
    ['pt_pt', '09/03/2026', '25/12/2026', 'dd/mm/aaaa'],
    ['es', '09/03/2026', '25/12/2026', 'dd/mm/aaaa'],
    ['fr', '09/03/2026', '25/12/2026', 'jj/mm/aaaa'],
    ['en', '03/09/2026', '12/25/2026', 'mm/dd/yyyy'],
  ] as const)('%s shows and reads %s', async (language, shown, typed, placeholder) => {
    const onChange = vi.fn();
    await renderIn(language, <ControlledDate onChange={onChange} />);
    const input = screen.getByTestId<HTMLInputElement>('day');
    expect(input.value).toBe(shown);
    expect(input.placeholder).toBe(placeholder);
    await userEvent.clear(input);
    await userEvent.type(input, typed);
    expect(onChange).toHaveBeenLastCalledWith('2026-12-25');
  });

  it('does not take a date typed the other way round (25 is no month)', async () => {
    const onChange = vi.fn();
    await renderIn('en', <ControlledDate onChange={onChange} />);
    const input = screen.getByTestId<HTMLInputElement>('day');
    await userEvent.clear(input);
    await userEvent.type(input, '25/12/2026');
    expect(onChange).not.toHaveBeenCalledWith(expect.stringMatching(/^\d{4}/));
  });

  it('empties the value when the text is erased, with no unnamed clear button', async () => {
    const onChange = vi.fn();
    await renderIn('pt_br', <ControlledDate onChange={onChange} />);
    for (const button of screen.queryAllByRole('button'))
      expect(button.getAttribute('aria-label')).toBeTruthy();
    await userEvent.clear(screen.getByTestId('day'));
    expect(onChange).toHaveBeenLastCalledWith('');
  });

  it.each([
    ['pt_br', 'do'],
    ['fr', 'lu'],
  ] as const)('%s calendar starts the week on %s', async (language, first) => {
    await renderIn(language, <ControlledDate onChange={() => undefined} />);
    fireEvent.focus(screen.getByTestId('day'));
    const weekdays = await screen.findAllByRole('columnheader');
    expect(weekdays[0]?.textContent?.toLowerCase()).toBe(first);
  });

  it.each([
    ['pt_br', '09/03/2026', '14', '30', false],
    ['en', '03/09/2026', '02', '30', true],
  ] as const)('%s date and time field shows %s, %s:%s', async (language, date, hours, minutes, amPm) => {
    await renderIn(
      language,
      <DateTimeField label="Quando" value="2026-03-09T14:30" onChange={() => undefined} testId="when" />,
    );
    expect(screen.getByTestId<HTMLInputElement>('when-date').value).toBe(date);
    expect(screen.getByTestId<HTMLInputElement>('when-hours').value).toBe(hours);
    expect(screen.getByTestId<HTMLInputElement>('when-minutes').value).toBe(minutes);
    expect(screen.queryByText('PM') !== null).toBe(amPm);
    expect(screen.getByRole('group', { name: 'Quando' })).toBeTruthy();
  });
});
