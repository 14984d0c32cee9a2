// The new-contact modal (spec §2 empty state, §5 "New channel"): a name, the response channel (one of the
// company's lines, which fixes the channel kind), the customer's phone, e-mail or id on that channel, and
// optionally document and priority. The creator becomes the contact's responsible and its conversation opens.
import { PRIORITIES, PHONE_KINDS, type ChannelKind, type Priority } from '@atende/contract';
import { NativeSelect, SegmentedControl, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { pathTo } from '../../lib/routes.ts';
import { FormModal, ModalForm } from '../../components/FormModal.tsx';
import { errorText } from '../../lib/error-text.ts';
import { HttpError } from '../../lib/http.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { notifyError } from '../../lib/notify.ts';
import { channelsQuery } from '../../lib/catalogues.ts';
import { useSessionStore } from '../../lib/session-store.ts';
import { createContact } from './contact-api.ts';
import { applySummary } from './contact-cache.ts';
import { viewerOf } from './contact-filters.ts';
import { contactKeys } from '../../lib/contact-keys.ts';

type Field = 'name' | 'line' | 'address';
type Errors = Partial<Record<Field, string>>;

const addressKind = (kind: ChannelKind | undefined): 'phone' | 'email' | 'other' =>
  !kind
    ? 'other'
    : (PHONE_KINDS as readonly ChannelKind[]).includes(kind)
      ? 'phone'
      : kind === 'email'
        ? 'email'
        : 'other';

/** Server codes that concern the customer's address on the channel. */
const ADDRESS_ERRORS: ReadonlySet<string> = new Set([
  'channel_already_registered',
  'invalid_channel_address',
]);

/** What the form starts with (a caller nobody knows: their number on the company's voice line). */
export interface NewContactPrefill {
  kind: ChannelKind;
  address: string;
}

interface NewContactModalProps {
  opened: boolean;
  onClose: () => void;
  prefill?: NewContactPrefill;
}

export function NewContactModal({ opened, onClose, prefill }: NewContactModalProps) {
  const { t } = useTranslation();
  return (
    <FormModal opened={opened} onClose={onClose} title={t('newContact.title')} centered size="md">
      {/* Mounted only while open, so every opening starts with an empty (or prefilled) form. */}
      {opened && <NewContactForm onClose={onClose} prefill={prefill} />}
    </FormModal>
  );
}

function NewContactForm({ onClose, prefill }: { onClose: () => void; prefill?: NewContactPrefill }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const navigate = useNavigate();
  const lines = useQuery(channelsQuery).data?.data ?? [];
  const [name, setName] = useState('');
  const [chosenLineId, setLineId] = useState('');
  // Until the operator picks one, a prefill's line is the company's first of its kind (once lines load).
  const lineId =
    chosenLineId || (prefill && lines.find((candidate) => candidate.kind === prefill.kind)?.id) || '';
  const [address, setAddress] = useState(prefill?.address ?? '');
  const [document, setDocument] = useState('');
  const [priority, setPriority] = useState<Priority>('medium');
  const [errors, setErrors] = useState<Errors>({});
  const line = lines.find((candidate) => candidate.id === lineId);
  const kind = addressKind(line?.kind);

  const create = useMutation({
    mutationFn: createContact,
    onSuccess: (contact) => {
      const user = useSessionStore.getState().user;
      if (user) applySummary(client, viewerOf(user), contact);
      client.setQueryData(contactKeys.detail(contact.id), contact);
      onClose();
      void navigate(pathTo('conversation.messages', { contactId: contact.id }));
    },
    onError: (error) => {
      const message = errorText(error);
      if (error instanceof HttpError && error.code && ADDRESS_ERRORS.has(error.code)) {
        setErrors({ address: message });
      } else if (error instanceof HttpError && error.field?.startsWith('channel')) {
        setErrors({ address: message });
      } else if (error instanceof HttpError && error.field === 'name') {
        setErrors({ name: message });
      } else if (!(error instanceof HttpError && error.status === 401)) {
        notifyError(message);
      }
    },
  });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: Errors = {};
    if (!name.trim()) found.name = t('newContact.nameRequired');
    if (!line) found.line = t('newContact.lineRequired');
    if (!address.trim()) found.address = t('newContact.addressRequired');
    setErrors(found);
    if (!line || Object.keys(found).length > 0) return;
    create.mutate({
      name: name.trim(),
      channel: { type: line.kind, address: address.trim(), output_line_id: line.id },
      ...(document.trim() ? { document: document.trim() } : {}),
      priority,
    });
  };

  return (
    <ModalForm
      onSubmit={handleSubmit}
      submitLabel={t('newContact.submit')}
      busy={create.isPending}
      onCancel={onClose}
    >
      <TextInput
        label={t('newContact.name')}
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
        error={errors.name}
        required
        data-autofocus
        maxLength={200}
      />
      <NativeSelect
        label={t('newContact.line')}
        description={t('newContact.lineHint')}
        value={lineId}
        onChange={(event) => setLineId(event.currentTarget.value)}
        error={errors.line}
        required
        data={[
          { value: '', label: t('newContact.linePlaceholder'), disabled: true },
          ...lines.map((candidate) => ({
            value: candidate.id,
            label: `${candidate.name} · ${t(`channelKinds.${candidate.kind}`)}`,
          })),
        ]}
      />
      <TextInput
        label={t(`newContact.address.${kind}`)}
        placeholder={t(`newContact.addressPlaceholder.${kind}`)}
        value={address}
        onChange={(event) => setAddress(event.currentTarget.value)}
        error={errors.address}
        required
        type={kind === 'email' ? 'email' : kind === 'phone' ? 'tel' : 'text'}
        maxLength={254}
      />
      <TextInput
        label={t('newContact.document')}
        value={document}
        onChange={(event) => setDocument(event.currentTarget.value)}
        maxLength={32}
      />
      <div>
        <Text size="sm" fw={500} mb={4} id="new-contact-priority">
          {t('newContact.priority')}
        </Text>
        <SegmentedControl
          fullWidth
          aria-labelledby="new-contact-priority"
          value={priority}
          onChange={(next) => setPriority(next as Priority)}
          data={PRIORITIES.map((option) => ({ value: option, label: t(`contacts.priority.${option}`) }))}
        />
      </div>
    </ModalForm>
  );
}
