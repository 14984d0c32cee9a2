// What the company calls critical (issue 20, item 6), set by administrators: a wait in minutes and/or high
// priority, every condition set required. The console's CRÍTICO badge and the criticality ordering follow it.
import type { CriticalRule } from '@atende/contract';
import { Alert, Button, Checkbox, Group, NumberInput, Stack, Switch, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { HttpError, http, request } from '../../../lib/http.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { CenterSection } from '../CenterSection.tsx';

const path = '/company/critical-rule';
const RULE_KEY = ['critical-rule'] as const;
const MINUTES_MAX = 7 * 24 * 60;

export function CriticalRuleSection({ editable }: { editable: boolean }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const rule = useQuery({ queryKey: RULE_KEY, queryFn: () => http.get<CriticalRule>(path) });
  const [form, setForm] = useState<CriticalRule | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (rule.data) setForm(rule.data);
  }, [rule.data]);
  const save = useMutation({
    mutationFn: (body: CriticalRule) => request<CriticalRule>(path, { method: 'PATCH', body, notify: false }),
    onSuccess: (saved) => {
      setError(null);
      client.setQueryData(RULE_KEY, saved);
      // Verdicts changed: every list reads them again.
      void client.invalidateQueries({ queryKey: ['contacts'] });
    },
    onError: (cause) =>
      setError(
        cause instanceof HttpError && cause.serverMessage ? cause.serverMessage : t('centerCritical.error'),
      ),
  });

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (form) save.mutate(form);
  };
  const byTime = form?.unanswered_minutes !== null;

  return (
    <CenterSection title={t('centerCritical.title')} description={t('centerCritical.description')}>
      {!form ? (
        <Text c="dimmed">{t('common.loading')}</Text>
      ) : (
        <form onSubmit={handleSubmit} data-testid="critical-rule-form">
          <Stack gap="sm" maw={460}>
            <Group gap="sm" align="flex-end" wrap="nowrap">
              <Switch
                label={t('centerCritical.byTime')}
                checked={byTime}
                disabled={!editable}
                onChange={(event) =>
                  setForm({ ...form, unanswered_minutes: event.currentTarget.checked ? 60 : null })
                }
              />
              {byTime && (
                <NumberInput
                  size="xs"
                  w={140}
                  label={t('centerCritical.minutes')}
                  min={1}
                  max={MINUTES_MAX}
                  value={form.unanswered_minutes ?? 60}
                  disabled={!editable}
                  onChange={(value) =>
                    setForm({ ...form, unanswered_minutes: typeof value === 'number' ? value : 1 })
                  }
                />
              )}
            </Group>
            <Checkbox
              label={t('centerCritical.highPriority')}
              checked={form.high_priority}
              disabled={!editable}
              onChange={(event) => setForm({ ...form, high_priority: event.currentTarget.checked })}
            />
            <Text size="xs" c="dimmed">
              {form.unanswered_minutes === null && !form.high_priority
                ? t('centerCritical.none')
                : t('centerCritical.summary')}
            </Text>
            {error && (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            )}
            {editable && (
              <Group>
                <Button type="submit" size="sm" loading={save.isPending}>
                  {t('centerCritical.save')}
                </Button>
              </Group>
            )}
          </Stack>
        </form>
      )}
    </CenterSection>
  );
}
