// Give the conversation to an attendant, with a note they see at once and in the header, or return it to the
// queue (issue 20, item 2). Without change_responsible a user may only take an unassigned conversation or
// pass on their own. One who gives away a conversation they can no longer see goes back to the panel.
import { ASSIGNMENT_NOTE_MAX, type Contact } from '@atende/contract';
import { Button, Select, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { FormModal, ModalForm } from '../../../components/FormModal.tsx';
import { useAbility } from '../../../lib/abilities.ts';
import { responsiblesQuery } from '../../../lib/catalogues.ts';
import { errorText } from '../../../lib/error-text.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { pathTo } from '../../../lib/routes.ts';
import { useCurrentUser } from '../../../lib/session-store.ts';
import { useAssignRights, useLifecycle, useReturnToQueue } from './use-lifecycle.ts';

export function AssignModal({ contact, onClose }: { contact: Contact; onClose: () => void }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const navigate = useNavigate();
  const seesAll = useAbility('contacts.see_all');
  const changesResponsible = useAbility('contacts.change_responsible');
  const { assign } = useLifecycle(contact.id);
  const { returnToQueue, returning } = useReturnToQueue(contact.id);
  const { mayReturnToQueue } = useAssignRights(contact);
  const people = useQuery(responsiblesQuery).data?.data ?? [];
  const owner = contact.responsible?.id ?? null;
  // Without the ability, an unassigned conversation can only be taken by oneself.
  const choices = changesResponsible || owner === user?.id ? people : people.filter((p) => p.id === user?.id);
  const [target, setTarget] = useState<string | null>(null);
  const [note, setNote] = useState('');

  const handleDone = (responsibleId: string) => (updated: Contact) => {
    notifySuccess(t('lifecycle.assigned', { name: updated.responsible?.name ?? '' }));
    onClose();
    // Given to a colleague, an attendant no longer sees it (back in the queue, everyone does).
    if (!seesAll && responsibleId !== user?.id) void navigate(pathTo('panel.index'));
  };
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!target) return;
    assign.mutate(
      { responsible_id: target, note: note.trim() || undefined },
      { onSuccess: handleDone(target) },
    );
  };
  const handleReturn = () => returnToQueue(onClose);
  const failure = assign.error ?? returning.error;
  const busy = assign.isPending || returning.isPending;

  return (
    <FormModal opened onClose={onClose} title={t('lifecycle.assignTitle', { name: contact.name })}>
      <ModalForm
        onSubmit={handleSubmit}
        error={failure ? errorText(failure) : null}
        submitLabel={t('lifecycle.assignSubmit')}
        busy={busy}
        onCancel={onClose}
        submitTestId="assign-submit"
        testId="assign-form"
      >
        <Select
          label={t('lifecycle.assignTo')}
          placeholder={t('lifecycle.assignToPlaceholder')}
          data={choices
            .filter((person) => person.id !== owner)
            .map((person) => ({
              value: person.id,
              label: person.id === user?.id ? t('lifecycle.meOption', { name: person.name }) : person.name,
            }))}
          value={target}
          onChange={setTarget}
          searchable
          required
          data-testid="assign-target"
          comboboxProps={{ withinPortal: true }}
        />
        <Textarea
          label={t('lifecycle.note')}
          description={t('lifecycle.noteHint')}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
          maxLength={ASSIGNMENT_NOTE_MAX}
          autosize
          minRows={2}
          data-testid="assign-note"
        />
        {mayReturnToQueue && (
          <Button variant="default" onClick={handleReturn} disabled={busy} data-testid="return-to-queue">
            {t('lifecycle.returnToQueue')}
          </Button>
        )}
      </ModalForm>
    </FormModal>
  );
}
