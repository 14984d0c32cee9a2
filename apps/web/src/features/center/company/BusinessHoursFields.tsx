// The company's week (several spans a day, each "HH:MM" to "HH:MM") and its holidays, as form fields. The
// server checks the rules (start before end, no overlap, one holiday a date) and names what is wrong. Times
// and dates are the interface language's (DateFields), not the browser's own inputs, which follow its locale.
import {
  HOLIDAYS_MAX,
  INTERVALS_PER_DAY_MAX,
  WEEKDAYS,
  type Holiday,
  type WeekHours,
} from '@atende/contract';
import { ActionIcon, Button, Group, Stack, Switch, Table, Text, TextInput } from '@mantine/core';
import { DateField, TimeField } from '../../../components/DateFields.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

/** The week a company starts from when it first sets hours: Monday to Friday, 08:00 to 18:00. */
const OFFICE_WEEK: WeekHours = Object.fromEntries(
  WEEKDAYS.map((day) => [day, day === 'sun' || day === 'sat' ? [] : [{ start: '08:00', end: '18:00' }]]),
) as WeekHours;

type HoursProps = {
  value: WeekHours | null;
  editable: boolean;
  onChange: (value: WeekHours | null) => void;
};

export function BusinessHoursFields({ value, editable, onChange }: HoursProps) {
  const { t } = useTranslation();
  const setDay = (day: (typeof WEEKDAYS)[number], spans: WeekHours[typeof day]) =>
    value && onChange({ ...value, [day]: spans });
  return (
    <Stack gap="sm">
      <Switch
        label={t('centerCompany.hours.scheduled')}
        description={t('centerCompany.hours.scheduledHint')}
        checked={value !== null}
        disabled={!editable}
        onChange={(event) => onChange(event.currentTarget.checked ? OFFICE_WEEK : null)}
      />
      {value && (
        <Table verticalSpacing={6} data-testid="business-hours">
          <Table.Tbody>
            {WEEKDAYS.map((day) => (
              <Table.Tr key={day} data-testid={`hours-${day}`}>
                <Table.Td w={140}>
                  <Text size="sm" fw={500}>
                    {t(`centerCompany.weekdays.${day}`)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Group gap="xs">
                    {value[day].length === 0 && (
                      <Text size="sm" c="dimmed">
                        {t('centerCompany.hours.closed')}
                      </Text>
                    )}
                    {value[day].map((span, index) => (
                      <Group key={index} gap={4} wrap="nowrap">
                        <TimeField
                          size="xs"
                          label={t('centerCompany.hours.start', {
                            day: t(`centerCompany.weekdays.${day}`),
                          })}
                          value={span.start}
                          disabled={!editable}
                          testId={`hours-${day}-${index}-start`}
                          onChange={(start) =>
                            setDay(
                              day,
                              value[day].map((s, i) => (i === index ? { ...s, start } : s)),
                            )
                          }
                        />
                        <Text size="xs">–</Text>
                        <TimeField
                          size="xs"
                          label={t('centerCompany.hours.end', {
                            day: t(`centerCompany.weekdays.${day}`),
                          })}
                          value={span.end === '24:00' ? '23:59' : span.end}
                          disabled={!editable}
                          testId={`hours-${day}-${index}-end`}
                          onChange={(end) =>
                            setDay(
                              day,
                              value[day].map((s, i) => (i === index ? { ...s, end } : s)),
                            )
                          }
                        />
                        {editable && (
                          <ActionIcon
                            variant="subtle"
                            color="gray"
                            aria-label={t('centerCompany.hours.remove')}
                            onClick={() =>
                              setDay(
                                day,
                                value[day].filter((_, i) => i !== index),
                              )
                            }
                          >
                            ×
                          </ActionIcon>
                        )}
                      </Group>
                    ))}
                    {editable && value[day].length < INTERVALS_PER_DAY_MAX && (
                      <Button
                        variant="subtle"
                        size="compact-xs"
                        onClick={() => setDay(day, [...value[day], nextSpan(value[day])])}
                      >
                        {t('centerCompany.hours.add')}
                      </Button>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

/** A new span after the day's last one (or the office's hours on a closed day). */
function nextSpan(spans: WeekHours['mon']) {
  const last = spans.at(-1);
  if (!last) return { start: '08:00', end: '18:00' };
  const hour = Math.min(Number(last.end.slice(0, 2)) + 1, 22);
  return { start: `${String(hour).padStart(2, '0')}:00`, end: `${String(hour + 1).padStart(2, '0')}:00` };
}

type HolidaysProps = { value: Holiday[]; editable: boolean; onChange: (value: Holiday[]) => void };

export function HolidaysFields({ value, editable, onChange }: HolidaysProps) {
  const { t } = useTranslation();
  const change = (index: number, patch: Partial<Holiday>) =>
    onChange(value.map((holiday, i) => (i === index ? { ...holiday, ...patch } : holiday)));
  return (
    <Stack gap="xs" data-testid="holidays">
      <Text size="sm" fw={600}>
        {t('centerCompany.holidays.title')}
      </Text>
      {value.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('centerCompany.holidays.none')}
        </Text>
      )}
      {value.map((holiday, index) => (
        <Group key={index} gap="xs" wrap="nowrap">
          <DateField
            size="xs"
            w={150}
            label={t('centerCompany.holidays.date')}
            labelHidden
            value={holiday.date}
            disabled={!editable}
            testId={`holiday-${index}-date`}
            onChange={(date) => change(index, { date })}
          />
          <TextInput
            size="xs"
            maw={260}
            style={{ flex: 1 }}
            aria-label={t('centerCompany.holidays.name')}
            placeholder={t('centerCompany.holidays.name')}
            value={holiday.name}
            maxLength={80}
            disabled={!editable}
            onChange={(event) => change(index, { name: event.currentTarget.value })}
          />
          {editable && (
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={t('centerCompany.holidays.remove')}
              onClick={() => onChange(value.filter((_, i) => i !== index))}
            >
              ×
            </ActionIcon>
          )}
        </Group>
      ))}
      {editable && value.length < HOLIDAYS_MAX && (
        <Group>
          <Button
            variant="light"
            size="xs"
            onClick={() => onChange([...value, { date: new Date().toISOString().slice(0, 10), name: '' }])}
          >
            {t('centerCompany.holidays.add')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
