// The customer data edit modal: the contact's fields with the document labelled as the language names it
// (CPF/CNPJ in Portuguese, DNI/CUIT in Spanish); problems found here or by the server show on their field.
import { PRIORITIES, type Contact, type Priority } from '@atende/contract';
import { Group, Select, TextInput, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { FormModal, ModalForm } from '../../components/FormModal.tsx';
import { useTranslation } from '../../lib/i18n.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { errorText } from '../../lib/error-text.ts';
import { useContactChange } from '../../lib/use-contact-change.ts';
import { updateContact } from './customer-api.ts';
import {
  changesOf,
  fieldOfError,
  formOf,
  validateCustomer,
  type CustomerErrors,
  type CustomerField,
  type CustomerForm,
} from './customer-form.ts';

function EditCustomerForm({ contact, onClose }: { contact: Contact; onClose: () => void }) {
  const { t } = useTranslation();
  const [form, setForm] = useState<CustomerForm>(() => formOf(contact));
  const [errors, setErrors] = useState<CustomerErrors>({});
  const [serverError, setServerError] = useState<{ field: CustomerField | null; text: string } | null>(null);
  const save = useContactChange(
    (body: NonNullable<ReturnType<typeof changesOf>>) => updateContact(contact.id, body),
    () => {
      notifySuccess(t('customer.saved'));
      onClose();
    },
    (error) => setServerError({ field: fieldOfError(error), text: errorText(error) }),
  );

  const set = <K extends CustomerField>(field: K, value: CustomerForm[K]) => {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    if (serverError?.field === field) setServerError(null);
  };

  const errorOf = (field: CustomerField): string | undefined =>
    errors[field] ? t(errors[field]) : serverError?.field === field ? serverError.text : undefined;

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const found = validateCustomer(form);
    setErrors(found);
    setServerError(null);
    if (Object.keys(found).length > 0) return;
    const body = changesOf(contact, form);
    if (!body) {
      onClose();
      return;
    }
    save.mutate(body);
  }

  const text = (field: Exclude<CustomerField, 'priority'>, label: string) => ({
    label,
    value: form[field],
    onChange: (event: { currentTarget: { value: string } }) => set(field, event.currentTarget.value),
    error: errorOf(field),
    'data-testid': `customer-${field}`,
  });

  return (
    <ModalForm
      onSubmit={handleSubmit}
      error={serverError && !serverError.field ? serverError.text : null}
      submitLabel={t('customer.save')}
      busy={save.isPending}
      onCancel={onClose}
      submitTestId="customer-save"
    >
      <TextInput {...text('name', t('customer.fields.name'))} required data-autofocus />
      <TextInput {...text('document', t('customer.fields.document'))} />
      <Group grow align="flex-start">
        <TextInput {...text('code', t('customer.fields.code'))} />
        <TextInput {...text('protocol', t('customer.fields.protocol'))} />
      </Group>
      <TextInput {...text('tag', t('customer.fields.tag'))} />
      <Textarea {...text('reason', t('customer.fields.reason'))} autosize minRows={2} maxRows={5} />
      <Group grow align="flex-end">
        <Select
          label={t('customer.fields.priority')}
          data={PRIORITIES.map((value) => ({ value, label: t(`contacts.priority.${value}`) }))}
          value={form.priority}
          onChange={(value) => value && set('priority', value as Priority)}
          allowDeselect={false}
          error={errorOf('priority')}
          comboboxProps={{ withinPortal: true }}
        />
      </Group>
    </ModalForm>
  );
}

export function EditCustomerModal({
  contact,
  opened,
  onClose,
}: {
  contact: Contact;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <FormModal opened={opened} onClose={onClose} title={t('customer.editTitle')} size="lg">
      {opened && <EditCustomerForm contact={contact} onClose={onClose} />}
    </FormModal>
  );
}
