// The campaign's create / edit form (Center › Campaigns): name, the transmission list and the voice account it
// calls through, the mode (a ratio only for power), the calling hours and weekdays, the retry rule of each
// retried outcome, the attendants and the script. Checked as the server checks it (campaign-form.ts); a started
// campaign keeps its list and account, so those two are locked unless it is a draft.
import {
  CAMPAIGN_MODES,
  CAMPAIGN_RATIO,
  CAMPAIGN_SCRIPT_MAX,
  RETRY_AFTER_MINUTES,
  RETRY_MAX_TRIES,
  RETRY_OUTCOMES,
  type Campaign,
  type RetryRule,
} from '@atende/contract';
import {
  Chip,
  Group,
  Input,
  MultiSelect,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Table,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { TimeField } from '../../../components/DateFields.tsx';
import { FormModal, ModalForm } from '../../../components/FormModal.tsx';
import { channelsQuery, responsiblesQuery } from '../../../lib/catalogues.ts';
import { errorText } from '../../../lib/error-text.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { toLanguageTag } from '../../../lib/language.ts';
import { listsQuery } from '../../broadcasts/broadcast-api.ts';
import { CAMPAIGNS_KEY, saveCampaign } from './campaign-api.ts';
import {
  campaignFormOf,
  checkCampaign,
  emptyCampaignForm,
  type CampaignFormErrors,
  type CampaignFormValues,
} from './campaign-form.ts';

const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6];
/** A Sunday: the weekday names are read from the week that starts on it. */
const SUNDAY = Date.UTC(2026, 10, 1, 12);

function useWeekdayNames(): string[] {
  const { language } = useTranslation();
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(toLanguageTag(language), { weekday: 'short', timeZone: 'UTC' });
    return WEEKDAYS.map((day) => format.format(SUNDAY + day * 86_400_000));
  }, [language]);
}

/** One number of a retry rule (minutes or tries), whole, within the contract's range. */
function RuleInput({
  label,
  value,
  range,
  onChange,
}: {
  label: string;
  value: number;
  range: { min: number; max: number };
  onChange: (value: number) => void;
}) {
  return (
    <NumberInput
      aria-label={label}
      value={value}
      min={range.min}
      max={range.max}
      allowDecimal={false}
      onChange={(next) => onChange(Number(next) || 0)}
    />
  );
}

function RetryRulesTable({
  values,
  onChange,
  invalid,
}: {
  values: CampaignFormValues['retry'];
  onChange: (outcome: (typeof RETRY_OUTCOMES)[number], rule: RetryRule) => void;
  invalid: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Input.Wrapper
      label={t('centerCampaigns.form.retry')}
      description={t('centerCampaigns.form.retryHint')}
      error={invalid ? t('centerCampaigns.errors.retry') : undefined}
    >
      <Table data-testid="campaign-retry">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('centerCampaigns.form.outcome')}</Table.Th>
            <Table.Th>{t('centerCampaigns.form.afterMinutes')}</Table.Th>
            <Table.Th>{t('centerCampaigns.form.maxTries')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {RETRY_OUTCOMES.map((outcome) => (
            <Table.Tr key={outcome}>
              <Table.Td>{t(`campaigns.outcomes.${outcome}`)}</Table.Td>
              <Table.Td>
                <RuleInput
                  label={t('centerCampaigns.form.afterMinutesOf', {
                    outcome: t(`campaigns.outcomes.${outcome}`),
                  })}
                  value={values[outcome].after_minutes}
                  range={RETRY_AFTER_MINUTES}
                  onChange={(after_minutes) => onChange(outcome, { ...values[outcome], after_minutes })}
                />
              </Table.Td>
              <Table.Td>
                <RuleInput
                  label={t('centerCampaigns.form.maxTriesOf', {
                    outcome: t(`campaigns.outcomes.${outcome}`),
                  })}
                  value={values[outcome].max_tries}
                  range={RETRY_MAX_TRIES}
                  onChange={(max_tries) => onChange(outcome, { ...values[outcome], max_tries })}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Input.Wrapper>
  );
}

function CampaignForm({ campaign, onClose }: { campaign: Campaign | null; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const weekdays = useWeekdayNames();
  const lists = useQuery(listsQuery);
  const channels = useQuery(channelsQuery);
  const responsibles = useQuery(responsiblesQuery);
  const [values, setValues] = useState<CampaignFormValues>(() =>
    campaign ? campaignFormOf(campaign) : emptyCampaignForm(),
  );
  const [errors, setErrors] = useState<CampaignFormErrors>({});
  const save = useMutation({
    mutationFn: (body: Parameters<typeof saveCampaign>[1]) => saveCampaign(campaign?.id ?? null, body),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: CAMPAIGNS_KEY });
      onClose();
    },
  });
  // A started campaign keeps the customers it calls and the line it calls through.
  const locked = campaign !== null && campaign.status !== 'draft';
  const set = <K extends keyof CampaignFormValues>(key: K, value: CampaignFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const error = (field: keyof CampaignFormErrors) =>
    errors[field] ? t(`centerCampaigns.errors.${field}`) : undefined;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkCampaign(values);
    setErrors(checked.errors ?? {});
    if (checked.request) save.mutate(checked.request);
  };

  const voiceAccounts = (channels.data?.data ?? []).filter((account) => account.kind === 'voice');
  return (
    <ModalForm
      onSubmit={handleSubmit}
      error={save.isError ? errorText(save.error) : null}
      submitLabel={t('centerCampaigns.form.save')}
      busy={save.isPending}
      onCancel={onClose}
      submitTestId="campaign-save"
      testId="campaign-form"
    >
      <TextInput
        label={t('centerCampaigns.form.name')}
        value={values.name}
        onChange={(event) => set('name', event.currentTarget.value)}
        error={error('name')}
        maxLength={120}
        withAsterisk
        data-autofocus
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label={t('centerCampaigns.form.list')}
          data={(lists.data?.data ?? []).map((list) => ({ value: list.id, label: list.name }))}
          value={values.list_id}
          onChange={(value) => set('list_id', value)}
          error={error('list')}
          disabled={locked}
          searchable
          withAsterisk
        />
        <Select
          label={t('centerCampaigns.form.account')}
          data={voiceAccounts.map((account) => ({ value: account.id, label: account.name }))}
          value={values.channel_account_id}
          onChange={(value) => set('channel_account_id', value)}
          error={error('account')}
          disabled={locked}
          withAsterisk
        />
      </SimpleGrid>
      <Input.Wrapper
        label={t('centerCampaigns.form.mode')}
        description={t(`centerCampaigns.modeHint.${values.mode}`)}
      >
        <SegmentedControl
          fullWidth
          value={values.mode}
          onChange={(value) => set('mode', value as CampaignFormValues['mode'])}
          data={CAMPAIGN_MODES.map((mode) => ({ value: mode, label: t(`campaigns.modes.${mode}`) }))}
          data-testid="campaign-mode"
        />
      </Input.Wrapper>
      {values.mode === 'power' && (
        <NumberInput
          label={t('centerCampaigns.form.ratio')}
          description={t('centerCampaigns.form.ratioHint')}
          value={values.ratio}
          min={CAMPAIGN_RATIO.min}
          max={CAMPAIGN_RATIO.max}
          step={0.1}
          decimalScale={1}
          onChange={(value) => set('ratio', Number(value) || 0)}
          error={error('ratio')}
        />
      )}
      {/* The language's clock (24 h in Portuguese), not the browser's own time input. */}
      <SimpleGrid cols={2}>
        <Input.Wrapper label={t('centerCampaigns.form.start')} labelElement="div" error={error('hours')}>
          <TimeField
            label={t('centerCampaigns.form.start')}
            value={values.start}
            onChange={(start) => set('start', start)}
            testId="campaign-start-time"
          />
        </Input.Wrapper>
        <Input.Wrapper label={t('centerCampaigns.form.end')} labelElement="div">
          <TimeField
            label={t('centerCampaigns.form.end')}
            value={values.end}
            onChange={(end) => set('end', end)}
            testId="campaign-end-time"
          />
        </Input.Wrapper>
      </SimpleGrid>
      <Input.Wrapper
        label={t('centerCampaigns.form.days')}
        description={t('centerCampaigns.form.daysHint')}
        error={error('days')}
      >
        <Chip.Group
          multiple
          value={values.days.map(String)}
          onChange={(days) => set('days', days.map(Number))}
        >
          <Group gap={6} mt={4}>
            {WEEKDAYS.map((day) => (
              <Chip key={day} value={String(day)} size="xs">
                {weekdays[day]}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      </Input.Wrapper>
      <RetryRulesTable
        values={values.retry}
        invalid={errors.retry === true}
        onChange={(outcome, rule) => set('retry', { ...values.retry, [outcome]: rule })}
      />
      <MultiSelect
        label={t('centerCampaigns.form.attendants')}
        data={(responsibles.data?.data ?? []).map((user) => ({ value: user.id, label: user.name }))}
        value={values.attendant_ids}
        onChange={(ids) => set('attendant_ids', ids)}
        error={error('attendants')}
        searchable
        withAsterisk
      />
      <Textarea
        label={t('centerCampaigns.form.script')}
        description={t('centerCampaigns.form.scriptHint')}
        value={values.script}
        onChange={(event) => set('script', event.currentTarget.value)}
        error={error('script')}
        maxLength={CAMPAIGN_SCRIPT_MAX}
        autosize
        minRows={3}
        maxRows={10}
      />
    </ModalForm>
  );
}

/** `editing`: null closed, 'new' to create, or the campaign to edit. */
export function CampaignFormModal({
  editing,
  onClose,
}: {
  editing: Campaign | 'new' | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const campaign = editing === 'new' ? null : editing;
  return (
    <FormModal
      opened={editing !== null}
      onClose={onClose}
      title={t(campaign ? 'centerCampaigns.form.editTitle' : 'centerCampaigns.form.newTitle')}
      size="lg"
    >
      {editing !== null && <CampaignForm key={campaign?.id ?? 'new'} campaign={campaign} onClose={onClose} />}
    </FormModal>
  );
}
