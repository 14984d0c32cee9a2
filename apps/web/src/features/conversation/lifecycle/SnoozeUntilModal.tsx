// "Choose date and time…" of the snooze menu: a date and a time in the interface language (DateTimeField) and
// the user's time zone, refused while it is not in the future. Loaded when first opened: the date fields and
// their calendar stay out of the console's first load.
import { DEFAULT_TIMEZONE, type Contact } from '@atende/contract';
import { useState, type FormEvent } from 'react';
import { DateTimeField } from '../../../components/DateFields.tsx';
import { FormModal, ModalForm } from '../../../components/FormModal.tsx';
import { errorText } from '../../../lib/error-text.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useCurrentUser } from '../../../lib/session-store.ts';
import { toWallTime } from '../../../lib/wall-time.ts';
import { customSnoozeUntil } from './snooze-presets.ts';

const DAY_MS = 86_400_000;
import { useLifecycle } from './use-lifecycle.ts';

export function SnoozeUntilModal({ contact, onClose }: { contact: Contact; onClose: () => void }) {
  const { t } = useTranslation();
  const timeZone = useCurrentUser()?.timezone ?? DEFAULT_TIMEZONE;
  const { snooze } = useLifecycle(contact.id);
  // Starts on tomorrow morning (as the menu's last preset), in the user's time zone as the field shows it.
  const [when, setWhen] = useState(() => `${toWallTime(Date.now() + DAY_MS, timeZone).slice(0, 10)}T09:00`);
  const [whenError, setWhenError] = useState<string | null>(null);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const check = customSnoozeUntil(when, timeZone);
    if (!check.ok) {
      setWhenError(t(check.error));
      return;
    }
    snooze.mutate(check.until, { onSuccess: onClose });
  };

  return (
    <FormModal opened onClose={onClose} title={t('lifecycle.snoozeCustomTitle', { name: contact.name })}>
      <ModalForm
        onSubmit={handleSubmit}
        error={snooze.error ? errorText(snooze.error) : null}
        submitLabel={t('lifecycle.snoozeSubmit')}
        busy={snooze.isPending}
        onCancel={onClose}
        submitTestId="snooze-custom-submit"
        testId="snooze-custom-form"
      >
        <DateTimeField
          label={t('lifecycle.snoozeWhen')}
          description={t('schedules.timeZone', { zone: timeZone })}
          value={when}
          onChange={(value) => {
            setWhen(value);
            setWhenError(null);
          }}
          error={whenError}
          required
          autoFocus
          testId="snooze-custom-when"
        />
      </ModalForm>
    </FormModal>
  );
}
