// The list the `/` shortcut opens above the message text: matching phrases (the company's titled and marked),
// the active one highlighted; a click inserts (mouse down keeps the focus in the text).
import { Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from '../../lib/i18n.ts';
import { CompanyBadge } from './CompanyBadge.tsx';
import type { PhraseShortcutState } from './use-phrase-shortcut.ts';

export function PhraseShortcut({ shortcut }: { shortcut: PhraseShortcutState }) {
  const { t } = useTranslation();
  if (!shortcut.open) return null;
  return (
    <Paper withBorder shadow="sm" p={4} mah={260} style={{ overflowY: 'auto' }} data-testid="phrase-shortcut">
      {shortcut.matches.length === 0 ? (
        <Text size="sm" c="dimmed" p="xs">
          {t('phrases.shortcut.none', { query: shortcut.query })}
        </Text>
      ) : (
        <Stack gap={2} role="listbox" aria-label={t('phrases.title')}>
          {shortcut.matches.map((phrase, index) => (
            <UnstyledButton
              key={phrase.id}
              role="option"
              aria-selected={index === shortcut.active}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => shortcut.choose(phrase)}
              px="xs"
              py={6}
              style={{
                borderRadius: 'var(--mantine-radius-sm)',
                background: index === shortcut.active ? 'var(--mantine-color-default-hover)' : undefined,
              }}
              data-testid="phrase-option"
            >
              {phrase.title !== null && (
                <Group gap={6} wrap="nowrap">
                  <Text size="sm" fw={600} truncate>
                    {phrase.title}
                  </Text>
                  {phrase.scope === 'company' && <CompanyBadge />}
                </Group>
              )}
              <Text size="sm" lineClamp={2} c={phrase.title === null ? undefined : 'dimmed'}>
                {phrase.text}
              </Text>
            </UnstyledButton>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
