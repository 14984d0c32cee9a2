// The company's call history (/painel/ligacoes; the spec does not place it, so it is a console page in the
// sidebar for supervisors and administrators, ability calls.see_all): every call record, filtered by period,
// operator, direction, outcome, call reason and number, a page at a time, live, each opening its customer's
// conversation, and exported as CSV with the same filters.
import { Alert, Button, Group, Stack, Title } from '@mantine/core';
import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { holds } from '../../lib/abilities.ts';
import { download } from '../../lib/download.ts';
import { errorText } from '../../lib/error-text.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { notifyError } from '../../lib/notify.ts';
import { useCurrentUser } from '../../lib/session-store.ts';
import { filteringCalls } from './call-filters.ts';
import { companyCallsQuery, exportCalls } from './call-history-api.ts';
import { CallFilterBar } from './CallFilterBar.tsx';
import { CallList } from './CallList.tsx';
import { useCallFilters, useLiveCalls } from './use-call-history.ts';

function CompanyCalls() {
  const { t } = useTranslation();
  const { filters, applied, change, params } = useCallFilters();
  const query = useInfiniteQuery(companyCallsQuery(params));
  useLiveCalls();
  const exporting = useMutation({
    mutationFn: () => exportCalls(params),
    onSuccess: (blob) =>
      download(blob, `${t('calls.exportFile')}-${new Date().toISOString().slice(0, 10)}.csv`),
    onError: (error) => notifyError(errorText(error)),
  });
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} size="h3">
          {t('calls.title')}
        </Title>
        <Button
          variant="light"
          loading={exporting.isPending}
          onClick={() => exporting.mutate()}
          data-testid="calls-export"
        >
          {t('calls.export')}
        </Button>
      </Group>
      <CallFilterBar filters={filters} onChange={change} withNumber />
      <CallList query={query} filtering={filteringCalls(applied)} showCustomer />
    </Stack>
  );
}

export function CallHistoryPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  return (
    <Stack p="md" gap="md" data-testid="call-history-page">
      {holds(user, 'calls.see_all') ? (
        <CompanyCalls />
      ) : (
        <Alert color="yellow" variant="light" role="alert">
          {t('calls.notAllowed')}
        </Alert>
      )}
    </Stack>
  );
}
