// What a user whose account requires a new password (an invitation, or a reset by an administrator) sees
// after signing in, before anything else: the new password and its confirmation (POST /user/reset-password),
// or signing out.
import type { Ok, ResetPasswordRequest } from '@atende/contract';
import { Button, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { FormError } from '../../components/FormError.tsx';
import { NewPasswordFields, useNewPasswordForm } from '../../components/NewPasswordFields.tsx';
import type { Infer } from '../../lib/contract-types.ts';
import { errorText } from '../../lib/error-text.ts';
import { http } from '../../lib/http.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { useSessionStore } from '../../lib/session-store.ts';
import { useSignOut } from '../session/use-sign-out.ts';

export function NewPasswordPage() {
  const { t } = useTranslation();
  const { signingOut, handleSignOut } = useSignOut();
  const save = useMutation({
    mutationFn: (body: ResetPasswordRequest) =>
      http.post<Infer<typeof Ok>>('/user/reset-password', body, { notify: false }),
    onSuccess: () => {
      const { user, setUser } = useSessionStore.getState();
      if (user) setUser({ ...user, require_new_password: false });
      notifySuccess(t('password.changed'));
    },
  });

  const { values, errors, handleChange, handleSubmit } = useNewPasswordForm((valid) => save.mutate(valid));

  return (
    <Center mih="100vh" p="md">
      <Paper withBorder shadow="sm" radius="md" p="xl" w="100%" maw={420}>
        <form onSubmit={handleSubmit} noValidate data-testid="new-password-form">
          <Stack gap="md">
            <Title order={2} size="h3">
              {t('password.requiredTitle')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('password.requiredBody')}
            </Text>
            <NewPasswordFields
              values={values}
              errors={errors}
              onChange={handleChange}
              autoFocus
              testId="new-password"
            />
            <FormError error={save.isError ? errorText(save.error) : null} />
            <Group justify="space-between">
              <Button variant="subtle" color="gray" onClick={handleSignOut} loading={signingOut}>
                {t('password.signOut')}
              </Button>
              <Button type="submit" loading={save.isPending} data-testid="new-password-submit">
                {t('password.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
