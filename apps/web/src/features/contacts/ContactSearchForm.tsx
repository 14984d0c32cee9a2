// Contact search (spec §2): a parameter (document, tag, code, protocol, phone, email, name, last event,
// responsible) and a value of at least SEARCH_MIN_LENGTH characters, searched within the list on screen; or the
// text of the messages of every conversation the user may see ("messages").
import { SEARCH_MIN_LENGTH, SEARCH_PARAMETERS } from '@atende/contract';
import { ActionIcon, Group, NativeSelect, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { CloseIcon, SearchIcon } from '../../components/Icons.tsx';
import { useTranslation } from '../../lib/i18n.ts';
import { MESSAGES_SEARCH, type ActiveSearch, type SearchTarget } from './list-settings.ts';

interface ContactSearchFormProps {
  active: ActiveSearch | null;
  onSearch: (search: ActiveSearch | null) => void;
}

/** The search field, which the `/` shortcut focuses. */
export const CONTACT_SEARCH_INPUT_ID = 'contact-search';

const SEARCH_TARGETS: readonly SearchTarget[] = [...SEARCH_PARAMETERS, MESSAGES_SEARCH];

const isSearchTarget = (value: string): value is SearchTarget =>
  (SEARCH_TARGETS as readonly string[]).includes(value);

/** The validation message of a search value, or null when it can be searched. */
export const searchValueError = (value: string): 'tooShort' | null =>
  value.trim().length < SEARCH_MIN_LENGTH ? 'tooShort' : null;

export function ContactSearchForm({ active, onSearch }: ContactSearchFormProps) {
  const { t } = useTranslation();
  const [parameter, setParameter] = useState<SearchTarget>(active?.parameter ?? 'name');
  const [value, setValue] = useState(active?.value ?? '');
  const [error, setError] = useState<string | null>(null);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (searchValueError(value)) {
      setError(t('contacts.search.tooShort'));
      return;
    }
    setError(null);
    onSearch({ parameter, value: value.trim() });
  };

  const handleClear = () => {
    setValue('');
    setError(null);
    onSearch(null);
  };

  return (
    <form onSubmit={handleSubmit} role="search" aria-label={t('contacts.search.label')} noValidate>
      <Group gap={6} wrap="nowrap" align="flex-start">
        <NativeSelect
          aria-label={t('contacts.search.parameter')}
          value={parameter}
          onChange={(event) => {
            const next = event.currentTarget.value;
            if (isSearchTarget(next)) setParameter(next);
          }}
          data={SEARCH_TARGETS.map((option) => ({
            value: option,
            label: t(`contacts.search.parameters.${option}`),
          }))}
          size="xs"
          w={118}
        />
        <TextInput
          id={CONTACT_SEARCH_INPUT_ID}
          aria-keyshortcuts="/"
          aria-label={t('contacts.search.value')}
          placeholder={t('contacts.search.placeholder')}
          value={value}
          onChange={(event) => {
            setValue(event.currentTarget.value);
            if (error) setError(null);
          }}
          error={error}
          size="xs"
          style={{ flex: 1 }}
          leftSection={<SearchIcon size={14} />}
          rightSection={
            value || active ? (
              <ActionIcon
                variant="subtle"
                color="gray"
                size="sm"
                onClick={handleClear}
                aria-label={t('contacts.search.clear')}
              >
                <CloseIcon size={14} />
              </ActionIcon>
            ) : null
          }
        />
      </Group>
    </form>
  );
}
