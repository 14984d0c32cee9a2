// The contact's segments (wallets): each removable, and one added from the company's wallets or, typed, as a
// new wallet of the company (POST conversation/{id}/wallets {wallet_id | wallet_name}).
import type { Contact } from '@atende/contract';
import { Autocomplete, Badge, Button, CloseButton, Group, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { errorText } from '../../lib/error-text.ts';
import { useContactChange } from '../../lib/use-contact-change.ts';
import { walletsQuery } from '../../lib/catalogues.ts';
import { addWallet, removeWallet } from './customer-api.ts';

export function SegmentsField({ contact }: { contact: Contact }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const wallets = useQuery(walletsQuery).data?.data ?? [];
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const onError = (error: Error) => setProblem(errorText(error));
  const add = useContactChange(
    (name: string) => {
      const known = wallets.find((wallet) => wallet.name.toLowerCase() === name.toLowerCase());
      return addWallet(contact.id, known ? { wallet_id: known.id } : { wallet_name: name });
    },
    () => {
      setTyped('');
      // A wallet created by name joins the company's list.
      void client.invalidateQueries({ queryKey: walletsQuery.queryKey });
    },
    onError,
  );
  const remove = useContactChange(
    (walletId: string) => removeWallet(contact.id, walletId),
    undefined,
    onError,
  );
  const available = wallets
    .filter((wallet) => !contact.segments.some((segment) => segment.wallet_id === wallet.id))
    .map((wallet) => wallet.name);

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    const name = typed.trim();
    if (name) add.mutate(name);
  }

  return (
    <Stack gap="xs" data-testid="segments">
      <Group gap={6}>
        {contact.segments.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('customer.segments.empty')}
          </Text>
        )}
        {contact.segments.map((segment) => (
          <Badge
            key={segment.wallet_id}
            variant="light"
            pr={3}
            rightSection={
              <CloseButton
                size="xs"
                variant="transparent"
                aria-label={t('customer.segments.remove', { name: segment.wallet_name })}
                onClick={() => {
                  setProblem(null);
                  remove.mutate(segment.wallet_id);
                }}
              />
            }
          >
            {segment.wallet_name}
          </Badge>
        ))}
      </Group>
      <form onSubmit={handleSubmit}>
        <Group gap="xs" align="flex-start" wrap="nowrap">
          <Autocomplete
            size="xs"
            aria-label={t('customer.segments.add')}
            placeholder={t('customer.segments.placeholder')}
            data={available}
            value={typed}
            onChange={setTyped}
            error={problem}
            style={{ flex: 1, maxWidth: 320 }}
            comboboxProps={{ withinPortal: true }}
            data-testid="segment-input"
          />
          <Button size="xs" type="submit" variant="light" loading={add.isPending} disabled={!typed.trim()}>
            {t('customer.segments.add')}
          </Button>
        </Group>
      </form>
    </Stack>
  );
}
