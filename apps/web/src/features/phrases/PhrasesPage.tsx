// ready.phrases (conversa/:contactId/frases): the user's own ready phrases and the company's (titled, marked, kept
// in the Center), searched on the server; create one, edit or delete those the user may change (`editable`: their
// own), and insert any into this conversation's message
// (placeholders filled with this customer and attendant), in the footer beside it when the page is the side panel.
import type { Contact, Phrase } from '@atende/contract';
import { Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { pathTo } from '../../lib/routes.ts';
import { ConfirmModal } from '../../components/ConfirmModal.tsx';
import { PlusIcon, SearchIcon } from '../../components/Icons.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { useConfirmRemove } from '../../components/use-confirm-remove.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { requestComposerFocus } from '../../lib/composer-focus.ts';
import { useSidePanel } from '../../lib/side-panel.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { ContactSubpage } from '../../components/ContactSubpage.tsx';
import { useRouteContact } from '../contacts/contact-queries.ts';
import { deletePhrase, PHRASES_KEY, phraseSearchQuery } from './phrase-api.ts';
import { CompanyBadge } from './CompanyBadge.tsx';
import { usePhraseInsertion } from './phrase-insertion.ts';
import { PhraseModal } from './PhraseModal.tsx';
import { usePhraseFiller } from './use-phrase-values.ts';

const SEARCH_DELAY_MS = 250;

function PhraseList({ contact }: { contact: Contact }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const sidePanel = useSidePanel();
  const fill = usePhraseFiller(contact.id);
  const request = usePhraseInsertion((state) => state.request);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const phrases = useQuery(phraseSearchQuery(debounced));
  const [editing, setEditing] = useState<{ phrase: Phrase | null } | null>(null);
  const client = useQueryClient();
  const deletion = useConfirmRemove({
    remove: (phrase: Phrase) => deletePhrase(phrase.id),
    onRemoved: () => {
      void client.invalidateQueries({ queryKey: PHRASES_KEY });
      notifySuccess(t('phrases.deleted'));
    },
  });

  // Beside the messages the footer is on screen and takes the phrase at once; otherwise it opens to take it.
  function handleInsert(phrase: Phrase) {
    request(contact.id, fill(phrase.text));
    if (sidePanel) requestComposerFocus(contact.id);
    else void navigate(pathTo('conversation.messages', { contactId: contact.id }));
  }

  return (
    <Stack gap="sm" data-testid="phrases">
      <Group justify="space-between">
        <Title order={2} size="h5">
          {t('phrases.title')}
        </Title>
        <Button
          size="xs"
          leftSection={<PlusIcon size={14} />}
          onClick={() => setEditing({ phrase: null })}
          data-testid="phrase-new"
        >
          {t('phrases.new')}
        </Button>
      </Group>
      <TextInput
        leftSection={<SearchIcon size={16} />}
        placeholder={t('phrases.search')}
        aria-label={t('phrases.search')}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        data-testid="phrase-search"
      />
      <QueryState query={phrases} isEmpty={(data) => data.data.length === 0} empty={t('phrases.empty')}>
        {(data) =>
          data.data.map((phrase) => (
            <Card key={phrase.id} withBorder padding="sm" data-testid="phrase-row" data-scope={phrase.scope}>
              {phrase.title !== null && (
                <Group gap="xs" wrap="nowrap" mb={4}>
                  <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {phrase.title}
                  </Text>
                  {phrase.scope === 'company' && <CompanyBadge />}
                </Group>
              )}
              <Text
                size="sm"
                style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
                data-testid="phrase-row-text"
              >
                {phrase.text}
              </Text>
              <Group gap="xs" mt="xs" justify="flex-end">
                {phrase.editable && (
                  <>
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      color="gray"
                      onClick={() => setEditing({ phrase })}
                    >
                      {t('phrases.edit')}
                    </Button>
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      color="red"
                      onClick={() => deletion.ask(phrase)}
                      data-testid="phrase-delete"
                    >
                      {t('phrases.delete')}
                    </Button>
                  </>
                )}
                <Button
                  size="compact-xs"
                  variant="light"
                  onClick={() => handleInsert(phrase)}
                  data-testid="phrase-insert"
                >
                  {t('phrases.insert')}
                </Button>
              </Group>
            </Card>
          ))
        }
      </QueryState>
      <PhraseModal
        phrase={editing?.phrase ?? null}
        opened={editing !== null}
        onClose={() => setEditing(null)}
      />
      <ConfirmModal
        {...deletion.dialog}
        title={t('phrases.deleteTitle')}
        confirmLabel={t('phrases.delete')}
        testId="phrase-delete-confirm"
      >
        <Text size="sm" lineClamp={4}>
          {deletion.target?.text}
        </Text>
      </ConfirmModal>
    </Stack>
  );
}

export function PhrasesPage() {
  const query = useRouteContact();
  return (
    <ContactSubpage active="ready.phrases" query={query}>
      {(contact) => <PhraseList contact={contact} />}
    </ContactSubpage>
  );
}
