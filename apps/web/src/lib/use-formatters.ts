// Date and money formatting in the user's language and timezone.
import { DEFAULT_TIMEZONE } from '@atende/contract';
import { useMemo } from 'react';
import { useTranslation } from './i18n.ts';
import { formatCurrency, formatDateTime, formatLongDate, formatMessageTime } from './format.ts';
import { useCurrentUser } from './session-store.ts';

export function useFormatters() {
  // Subscribing to i18n re-renders the caller when the language changes.
  const { language } = useTranslation();
  const timeZone = useCurrentUser()?.timezone ?? DEFAULT_TIMEZONE;
  // The same object while language and zone stay, so callbacks and memoised rows built on it stay too.
  return useMemo(() => {
    const context = { language, timeZone };
    return {
      dateTime: (value: Date | string | number) => formatDateTime(value, context),
      longDate: (value: Date | string | number) => formatLongDate(value, context),
      messageTime: (value: Date | string | number) => formatMessageTime(value, context),
      time: (value: Date | string | number) =>
        formatDateTime(value, context, { hour: '2-digit', minute: '2-digit' }),
      currency: (amount: number, currency?: string) =>
        formatCurrency(amount, currency ? { language, currency } : { language }),
    };
  }, [language, timeZone]);
}
