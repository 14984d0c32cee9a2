// Date and date-and-time fields in the interface language: the browser's own <input type="date"> writes dates
// the browser's way (mm/dd/yyyy in a Portuguese console on an English browser), so these are Mantine's, with
// the language's dayjs locale (month and day names), order of day and month, first day of the week and 12/24 h
// clock. Values stay ISO ("YYYY-MM-DD", "YYYY-MM-DDTHH:mm" wall time) whatever is shown. Only the lazy pages
// with a date field load this module, @mantine/dates and dayjs. TimeField is a time of day alone ("HH:mm") on
// the language's clock.
import type { Language } from '@atende/contract';
import { Group, Input, type MantineSize } from '@mantine/core';
import { DateInput, DatesProvider, TimePicker, type DayOfWeek } from '@mantine/dates';
import '@mantine/dates/styles.css';
import dayjs from 'dayjs';
import 'dayjs/locale/es';
import 'dayjs/locale/fr';
import 'dayjs/locale/pt';
import 'dayjs/locale/pt-br';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from '../lib/i18n.ts';

dayjs.extend(customParseFormat);

interface DateSettings {
  /** dayjs locale: month and weekday names in the calendar. */
  locale: string;
  /** How a date is shown and typed. */
  format: string;
  firstDayOfWeek: DayOfWeek;
  clock: '24h' | '12h';
}

const SETTINGS: Readonly<Record<Language, DateSettings>> = {
  pt_br: { locale: 'pt-br', format: 'DD/MM/YYYY', firstDayOfWeek: 0, clock: '24h' },
  pt_pt: { locale: 'pt', format: 'DD/MM/YYYY', firstDayOfWeek: 1, clock: '24h' },
  en: { locale: 'en', format: 'MM/DD/YYYY', firstDayOfWeek: 0, clock: '12h' },
  es: { locale: 'es', format: 'DD/MM/YYYY', firstDayOfWeek: 1, clock: '24h' },
  fr: { locale: 'fr', format: 'DD/MM/YYYY', firstDayOfWeek: 1, clock: '24h' },
};

function useDateSettings(): DateSettings {
  return SETTINGS[useTranslation().language];
}

function LanguageDates({ settings, children }: { settings: DateSettings; children: ReactNode }) {
  const { locale, firstDayOfWeek } = settings;
  // No weekend colour: Mantine's red weekend days fall under readable contrast on the dark calendar (axe).
  return <DatesProvider settings={{ locale, firstDayOfWeek, weekendDays: [] }}>{children}</DatesProvider>;
}

/** A whole typed date in the language's format, as "YYYY-MM-DD"; null while it is not one (strict). */
export const parseTypedDate = (text: string, settings: Pick<DateSettings, 'format' | 'locale'>) => {
  const date = dayjs(text.trim(), settings.format, settings.locale, true);
  return date.isValid() ? date.format('YYYY-MM-DD') : null;
};

export interface DateFieldProps {
  label: string;
  /** "YYYY-MM-DD", or "" for none. */
  value: string;
  onChange: (value: string) => void;
  name?: string;
  error?: ReactNode;
  testId?: string;
  /** The label as the field's accessible name only (a row of a table whose column says what it is). */
  labelHidden?: boolean;
  disabled?: boolean;
  size?: MantineSize;
  w?: number;
  /** The earliest and latest days offered ("YYYY-MM-DD"). */
  min?: string;
  max?: string;
}

export function DateField({
  label,
  value,
  onChange,
  name,
  error,
  testId,
  labelHidden,
  disabled,
  size,
  w,
  min,
  max,
}: DateFieldProps) {
  const { t } = useTranslation();
  const settings = useDateSettings();
  return (
    <LanguageDates settings={settings}>
      <DateInput
        {...(labelHidden ? { 'aria-label': label } : { label })}
        disabled={disabled}
        size={size}
        w={w}
        value={value || null}
        onChange={(next) => onChange(next ?? '')}
        minDate={min || undefined}
        maxDate={max || undefined}
        valueFormat={settings.format}
        dateParser={(text) => parseTypedDate(text, settings)}
        placeholder={t('dates.placeholder')}
        name={name}
        error={error}
        // Emptying the text empties the value (no clear button: Mantine's has no accessible name).
        allowDeselect
        popoverProps={{ withinPortal: true }}
        previousLabel={t('dates.previousMonth')}
        nextLabel={t('dates.nextMonth')}
        data-testid={testId}
      />
    </LanguageDates>
  );
}

export interface DateTimeFieldProps {
  label: string;
  description?: ReactNode;
  /** "YYYY-MM-DDTHH:mm" wall time, or "" while the date or the time is missing. */
  value: string;
  onChange: (value: string) => void;
  error?: ReactNode;
  required?: boolean;
  /** Focused first when its modal opens (Mantine's data-autofocus). */
  autoFocus?: boolean;
  testId?: string;
  /** The date's calendar above a modal that sits above Mantine's popovers (a z-index). */
  popoverZIndex?: number;
}

const splitWallTime = (value: string) => ({ date: value.slice(0, 10), time: value.slice(11, 16) });

/** A date field and a time field side by side, one value: both or nothing. */
export function DateTimeField({
  label,
  description,
  value,
  onChange,
  error,
  required,
  autoFocus,
  testId,
  popoverZIndex,
}: DateTimeFieldProps) {
  const { t } = useTranslation();
  const settings = useDateSettings();
  const labelId = useId();
  const [parts, setParts] = useState(() => splitWallTime(value));
  // A value set from outside (a form reset) replaces what was typed; the field's own answer does not.
  useEffect(() => {
    setParts((current) => (value === combine(current) ? current : splitWallTime(value)));
  }, [value]);
  const update = (next: { date: string; time: string }) => {
    setParts(next);
    onChange(combine(next));
  };
  return (
    <LanguageDates settings={settings}>
      <Input.Wrapper
        label={label}
        labelElement="div"
        id={labelId}
        description={description}
        error={error}
        required={required}
        data-testid={testId}
      >
        <Group gap="xs" wrap="nowrap" role="group" aria-labelledby={`${labelId}-label`}>
          <DateInput
            aria-label={t('dates.date')}
            value={parts.date || null}
            onChange={(date) => update({ ...parts, date: date ?? '' })}
            valueFormat={settings.format}
            dateParser={(text) => parseTypedDate(text, settings)}
            placeholder={t('dates.placeholder')}
            error={Boolean(error)}
            allowDeselect
            popoverProps={{ withinPortal: true, zIndex: popoverZIndex }}
            previousLabel={t('dates.previousMonth')}
            nextLabel={t('dates.nextMonth')}
            flex={1}
            data-autofocus={autoFocus || undefined}
            data-testid={testId && `${testId}-date`}
          />
          <TimePicker
            value={parts.time}
            onChange={(time) => update({ ...parts, time: time.slice(0, 5) })}
            format={settings.clock}
            hoursInputLabel={t('dates.hours')}
            minutesInputLabel={t('dates.minutes')}
            amPmInputLabel={t('dates.amPm')}
            error={Boolean(error)}
            hoursInputProps={{ 'data-testid': testId && `${testId}-hours` }}
            minutesInputProps={{ 'data-testid': testId && `${testId}-minutes` }}
          />
        </Group>
      </Input.Wrapper>
    </LanguageDates>
  );
}

export interface TimeFieldProps {
  /** The field's accessible name; each of its inputs (hours, minutes, AM/PM) is named after it. */
  label: string;
  /** "HH:mm". */
  value: string;
  /** Called with a whole "HH:mm" only: a time half typed changes nothing yet. */
  onChange: (value: string) => void;
  disabled?: boolean;
  size?: MantineSize;
  testId?: string;
}

/** A time of day on the language's clock (24 h, or 12 h with AM/PM in English), whatever the browser's. */
export function TimeField({ label, value, onChange, disabled, size, testId }: TimeFieldProps) {
  const { t } = useTranslation();
  const settings = useDateSettings();
  return (
    <div role="group" aria-label={label} data-testid={testId}>
      <TimePicker
        value={value}
        onChange={(time) => {
          if (/^\d{2}:\d{2}/.test(time)) onChange(time.slice(0, 5));
        }}
        format={settings.clock}
        hoursInputLabel={`${label}: ${t('dates.hours')}`}
        minutesInputLabel={`${label}: ${t('dates.minutes')}`}
        amPmInputLabel={`${label}: ${t('dates.amPm')}`}
        disabled={disabled}
        size={size}
        hoursInputProps={{ 'data-testid': testId && `${testId}-hours` }}
        minutesInputProps={{ 'data-testid': testId && `${testId}-minutes` }}
      />
    </div>
  );
}

const combine = ({ date, time }: { date: string; time: string }) => (date && time ? `${date}T${time}` : '');
