// The user's saved views of the contact list (issue 20, item 6): apply one, rename or delete it, or save the
// list on screen (its filter, ordering and combinable filters) under a name. The command palette opens it too.
import type { SavedView } from '@atende/contract';
import { ActionIcon, Button, Divider, Group, Popover, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { BookmarkIcon, CheckIcon, CloseIcon } from '../../components/Icons.tsx';
import { HttpError } from '../../lib/http.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { useShortcut } from '../../lib/shortcuts.ts';
import type { ListParams } from '../../lib/contact-keys.ts';
import { createView, deleteView, savedViewsQuery, showsView, updateView, VIEWS_KEY } from './views-api.ts';

interface SavedViewsPopoverProps {
  list: ListParams;
  onApply: (list: ListParams) => void;
}

const NAME_MAX = 60;

export function SavedViewsPopover({ list, onApply }: SavedViewsPopoverProps) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [opened, setOpened] = useState(false);
  useShortcut({
    id: 'contacts.views',
    label: 'shortcuts.actions.savedViews',
    handler: () => setOpened(true),
  });
  const [name, setName] = useState('');
  const [renaming, setRenaming] = useState<{ id: string; name: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const views = useQuery(savedViewsQuery).data?.data ?? [];
  const current = views.find((view) => showsView(list, view));

  const refresh = () => void client.invalidateQueries({ queryKey: VIEWS_KEY });
  const fail = (cause: unknown) =>
    setError(
      cause instanceof HttpError && cause.serverMessage
        ? cause.serverMessage
        : t('contacts.savedViews.saveError'),
    );
  const save = useMutation({
    mutationFn: () => createView({ name: name.trim(), list }),
    onSuccess: () => {
      setName('');
      setError(null);
      refresh();
    },
    onError: fail,
  });
  const rename = useMutation({
    mutationFn: (target: { id: string; name: string }) => updateView(target.id, { name: target.name.trim() }),
    onSuccess: () => {
      setRenaming(null);
      setError(null);
      refresh();
    },
    onError: fail,
  });
  const remove = useMutation({ mutationFn: deleteView, onSuccess: refresh, onError: fail });

  const handleSave = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim()) save.mutate();
  };
  const handleRename = (event: FormEvent) => {
    event.preventDefault();
    if (renaming?.name.trim()) rename.mutate(renaming);
  };
  const handleApply = (view: SavedView) => {
    onApply(view.list);
    setOpened(false);
  };
  const label = current
    ? t('contacts.savedViews.current', { name: current.name })
    : t('contacts.savedViews.button');

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      shadow="md"
      width={300}
      withinPortal
      trapFocus
    >
      <Popover.Target>
        <Tooltip label={label}>
          <ActionIcon
            variant={current ? 'light' : 'default'}
            size={30}
            aria-label={label}
            aria-expanded={opened}
            onClick={() => setOpened((open) => !open)}
            data-testid="views-button"
          >
            <BookmarkIcon size={16} />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown data-testid="views-popover" aria-label={label}>
        <Stack gap="xs">
          <Text fw={600} size="sm">
            {t('contacts.savedViews.title')}
          </Text>
          {views.length === 0 && (
            <Text size="xs" c="dimmed">
              {t('contacts.savedViews.none')}
            </Text>
          )}
          {views.map((view) =>
            renaming?.id === view.id ? (
              <form key={view.id} onSubmit={handleRename}>
                <Group gap={4} wrap="nowrap">
                  <TextInput
                    size="xs"
                    style={{ flex: 1 }}
                    aria-label={t('contacts.savedViews.renameLabel', { name: view.name })}
                    value={renaming.name}
                    onChange={(event) => setRenaming({ id: view.id, name: event.currentTarget.value })}
                    maxLength={NAME_MAX}
                    data-autofocus
                  />
                  <ActionIcon
                    type="submit"
                    variant="light"
                    size={30}
                    aria-label={t('contacts.savedViews.renameSave')}
                  >
                    <CheckIcon size={14} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size={30}
                    onClick={() => setRenaming(null)}
                    aria-label={t('common.cancel')}
                  >
                    <CloseIcon size={14} />
                  </ActionIcon>
                </Group>
              </form>
            ) : (
              <Group key={view.id} gap={4} wrap="nowrap" data-testid="saved-view">
                <Button
                  size="xs"
                  variant={current?.id === view.id ? 'light' : 'subtle'}
                  style={{ flex: 1 }}
                  justify="flex-start"
                  onClick={() => handleApply(view)}
                  aria-current={current?.id === view.id ? 'true' : undefined}
                >
                  {view.name}
                </Button>
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="gray"
                  onClick={() => setRenaming({ id: view.id, name: view.name })}
                  aria-label={t('contacts.savedViews.rename', { name: view.name })}
                >
                  {t('contacts.savedViews.renameShort')}
                </Button>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size={26}
                  onClick={() => remove.mutate(view.id)}
                  aria-label={t('contacts.savedViews.delete', { name: view.name })}
                >
                  <CloseIcon size={14} />
                </ActionIcon>
              </Group>
            ),
          )}
          <Divider />
          <form onSubmit={handleSave}>
            <Stack gap={6}>
              <TextInput
                size="xs"
                label={t('contacts.savedViews.nameLabel')}
                placeholder={t('contacts.savedViews.namePlaceholder')}
                value={name}
                onChange={(event) => setName(event.currentTarget.value)}
                maxLength={NAME_MAX}
                data-testid="view-name"
              />
              <Button type="submit" size="xs" disabled={!name.trim()} loading={save.isPending}>
                {t('contacts.savedViews.save')}
              </Button>
            </Stack>
          </form>
          {error && (
            <Text size="xs" c="red" role="alert">
              {error}
            </Text>
          )}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
