// Reminders of scheduled returns: the server's `schedule.reminder` shows a notification (in the console and,
// when allowed, in the browser) that names the customer and the minutes left, and opens the contact.
import type { Schedule, ScheduleReminder } from '@atende/contract';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConsoleTexts } from '../../lib/i18n.ts';
import { summary } from '../../test/contacts.ts';
import { connectFakeSocket, disconnectFakeSocket } from '../../test/fake-socket.ts';
import { demoUser } from '../../test/fixtures.ts';
import { useSessionStore } from '../../lib/session-store.ts';
import { useScheduleReminders } from './use-schedule-reminders.ts';

const contact = summary({ name: 'Carla Mendes' });

function reminder(minutesAhead: number, minutesBefore: number): ScheduleReminder {
  const schedule: Schedule = {
    id: '01a201b8-0000-7000-9000-0000000000f1',
    contact_id: contact.id,
    contact_name: contact.name,
    user: { id: demoUser().id, name: demoUser().name },
    scheduled_at: new Date(Date.now() + minutesAhead * 60_000).toISOString(),
    annotation: 'Confirmar o acordo',
    done: false,
    created_at: new Date().toISOString(),
  };
  return { schedule, contact, minutes_before: minutesBefore };
}

function Listener() {
  useScheduleReminders();
  return null;
}

const shown: { title: string; options?: NotificationOptions }[] = [];
class FakeNotification {
  static permission = 'granted';
  onclick: (() => void) | null = null;
  constructor(title: string, options?: NotificationOptions) {
    shown.push({ title, options });
  }
  close() {}
}

beforeAll(async () => {
  await loadConsoleTexts();
});
beforeEach(() => {
  useSessionStore.setState({ user: demoUser(), token: 'token' });
  shown.length = 0;
  vi.stubGlobal('Notification', FakeNotification);
});
afterEach(() => {
  disconnectFakeSocket();
  vi.unstubAllGlobals();
});

describe('schedule reminders', () => {
  it('notifies with the customer, the minutes left and the note, and opens the contact', async () => {
    const socket = connectFakeSocket();
    render(
      <MantineProvider>
        <Notifications />
        <MemoryRouter initialEntries={['/painel']}>
          <Listener />
          <Routes>
            <Route path="/painel" element={<p>painel</p>} />
            <Route path="/painel/conversa/:contactId" element={<p>conversa aberta</p>} />
          </Routes>
        </MemoryRouter>
      </MantineProvider>,
    );
    // Planned 3 minutes ahead, its 10-minute reminder comes at once: it says 3 minutes.
    act(() => socket.fire('schedule.reminder', reminder(3, 10)));
    expect(await screen.findByText('Retorno agendado: Carla Mendes')).toBeTruthy();
    expect(screen.getByText(/^Faltam 3 min/)).toBeTruthy();
    expect(screen.getByText('Confirmar o acordo')).toBeTruthy();
    expect(shown).toEqual([
      {
        title: 'Retorno agendado: Carla Mendes',
        options: expect.objectContaining({ tag: `contact:${contact.id}` }) as NotificationOptions,
      },
    ]);

    await userEvent.click(screen.getByTestId('schedule-reminder-open'));
    expect(await screen.findByText('conversa aberta')).toBeTruthy();
  });
});
