// conversation.events (conversa/:contactId/eventos): register what happened with the customer — an action of
// the company's catalogue, an amount in the locale's currency format (BRL by default), an annotation, a
// responsible and a date — and see the last ten events (spec §9). A registered event also joins the
// conversation's timeline.
import { DEFAULT_TIMEZONE, EVENTS_HISTORY_SIZE, type Contact } from '@atende/contract';
import { Button, Group, NumberInput, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { DateTimeField } from '../../components/DateFields.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { useTranslation } from '../../lib/i18n.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { contactKeys } from '../../lib/contact-keys.ts';
import { ContactSubpage } from '../../components/ContactSubpage.tsx';
import { useRouteContact } from '../contacts/contact-queries.ts';
import { errorText } from '../../lib/error-text.ts';
import { addEvent } from '../conversation/timeline/timeline-queries.ts';
import { eventActionsQuery, responsiblesQuery } from '../../lib/catalogues.ts';
import { useCurrentUser } from '../../lib/session-store.ts';
import { amountFormat } from './amount-format.ts';
import { EventCard } from '../../components/EventCard.tsx';
import { eventKeys, recentEventsQuery, registerEvent } from './event-api.ts';
import { checkEvent, type EventErrors, type EventForm } from './event-form.ts';

const emptyForm = (responsibleId: string | null): EventForm => ({
  actionId: null,
  amount: '',
  annotation: '',
  responsibleId,
  date: '',
});

function NewEventForm({ contact }: { contact: Contact }) {
  const { t, language } = useTranslation();
  const client = useQueryClient();
  const user = useCurrentUser();
  const timeZone = user?.timezone ?? DEFAULT_TIMEZONE;
  const actions = useQuery(eventActionsQuery).data?.data ?? [];
  const responsibles = useQuery(responsiblesQuery).data?.data ?? [];
  const [form, setForm] = useState<EventForm>(() => emptyForm(user?.id ?? null));
  const [errors, setErrors] = useState<EventErrors>({});
  const register = useMutation({
    mutationFn: (request: Parameters<typeof registerEvent>[1]) => registerEvent(contact.id, request),
    onSuccess: (event) => {
      addEvent(client, event);
      void client.invalidateQueries({ queryKey: eventKeys.recent(contact.id) });
      void client.invalidateQueries({ queryKey: contactKeys.detail(contact.id) });
      notifySuccess(t('events.registered'));
      setForm(emptyForm(user?.id ?? null));
    },
  });
  const format = amountFormat(language);
  const action = actions.find((entry) => entry.id === form.actionId);
  const set = <K extends keyof EventForm>(field: K, value: EventForm[K]) => {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const check = checkEvent(form, timeZone, action);
    if (!check.ok) {
      setErrors(check.errors);
      return;
    }
    register.mutate(check.request);
  }

  const errorOf = (field: keyof EventErrors) => (errors[field] ? t(errors[field]) : undefined);
  return (
    <form onSubmit={handleSubmit} noValidate data-testid="event-form">
      <Stack gap="sm">
        <Select
          label={t('events.action')}
          placeholder={t('events.actionPlaceholder')}
          data={actions.map((action) => ({ value: action.id, label: action.name }))}
          value={form.actionId}
          onChange={(value) => set('actionId', value)}
          error={errorOf('actionId')}
          searchable
          required
          comboboxProps={{ withinPortal: true }}
          data-testid="event-action"
        />
        <Group grow align="flex-start">
          {action?.amount !== 'none' && (
            <NumberInput
              label={t('events.amount')}
              required={action?.amount === 'required'}
              value={form.amount}
              onChange={(value) => set('amount', value)}
              prefix={format.prefix}
              decimalSeparator={format.decimalSeparator}
              thousandSeparator={format.thousandSeparator}
              decimalScale={2}
              fixedDecimalScale
              allowNegative={false}
              hideControls
              error={errorOf('amount')}
              data-testid="event-amount-input"
            />
          )}
          <DateTimeField
            label={t('events.date')}
            description={t('events.dateHint')}
            value={form.date}
            onChange={(value) => set('date', value)}
            error={errorOf('date')}
            testId="event-date"
          />
        </Group>
        <Select
          label={t('events.responsible')}
          data={responsibles.map((entry) => ({ value: entry.id, label: entry.name }))}
          value={form.responsibleId}
          onChange={(value) => set('responsibleId', value)}
          searchable
          clearable
          comboboxProps={{ withinPortal: true }}
        />
        <Textarea
          label={t('events.annotation')}
          value={form.annotation}
          onChange={(event) => set('annotation', event.currentTarget.value)}
          required={action?.annotation_required}
          error={errorOf('annotation')}
          maxLength={2000}
          autosize
          minRows={2}
          maxRows={6}
          data-testid="event-annotation"
        />
        {register.isError && (
          <Text size="sm" c="red" role="alert">
            {errorText(register.error)}
          </Text>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={register.isPending} data-testid="event-submit">
            {t('events.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function RecentEvents({ contactId }: { contactId: string }) {
  const { t } = useTranslation();
  const events = useQuery(recentEventsQuery(contactId));
  return (
    <Stack gap="xs" data-testid="recent-events">
      <Title order={2} size="h5">
        {t('events.history', { count: EVENTS_HISTORY_SIZE })}
      </Title>
      <QueryState query={events} isEmpty={(data) => data.data.length === 0} empty={t('events.empty')}>
        {(data) => data.data.map((event) => <EventCard key={event.id} event={event} />)}
      </QueryState>
    </Stack>
  );
}

export function EventsPage() {
  const { t } = useTranslation();
  const query = useRouteContact();
  return (
    <ContactSubpage active="conversation.events" query={query}>
      {(contact) => (
        <Stack gap="lg">
          <Stack gap="xs">
            <Title order={2} size="h5">
              {t('events.title')}
            </Title>
            <NewEventForm contact={contact} />
          </Stack>
          <RecentEvents contactId={contact.id} />
        </Stack>
      )}
    </ContactSubpage>
  );
}
