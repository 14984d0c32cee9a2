// /redefinir-senha/:token — the page a one-time reset link opens (issue 23): it says whose password the link
// resets, asks the new one and its confirmation, and then sends the user to sign in with it. A used, expired or
// replaced link says so (the server's translated message) instead of showing the form.
import { Alert, Button, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { FormError } from '../../components/FormError.tsx';
import { NewPasswordFields, useNewPasswordForm } from '../../components/NewPasswordFields.tsx';
import { errorText } from '../../lib/error-text.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { pathTo } from '../../lib/routes.ts';
import { completeResetLink, inspectResetLink } from './password-reset-link.ts';

function SignInButton() {
  const { t } = useTranslation();
  return (
    <Button component={Link} to={pathTo('login')} data-testid="reset-link-sign-in">
      {t('passwordReset.signIn')}
    </Button>
  );
}

export function PasswordResetLinkPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const owner = useQuery({
    queryKey: ['password-reset-link', token],
    queryFn: () => inspectResetLink(token),
    retry: false,
    staleTime: Infinity,
  });
  const save = useMutation({ mutationFn: completeResetLink });

  const { values, errors, handleChange, handleSubmit } = useNewPasswordForm((valid) =>
    save.mutate({ token, ...valid }),
  );

  let body;
  if (owner.isPending) body = <Loader mx="auto" aria-label={t('passwordReset.checking')} />;
  else if (owner.isError)
    body = (
      <Stack gap="md" align="flex-start">
        <Alert color="red" variant="light" role="alert" w="100%" data-testid="reset-link-invalid">
          {errorText(owner.error)}
        </Alert>
        <SignInButton />
      </Stack>
    );
  else if (save.isSuccess)
    body = (
      <Stack gap="md" align="flex-start">
        <Alert color="teal" variant="light" w="100%" data-testid="reset-link-done">
          {t('passwordReset.done')}
        </Alert>
        <SignInButton />
      </Stack>
    );
  else
    body = (
      <form onSubmit={handleSubmit} noValidate data-testid="reset-link-form">
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('passwordReset.for', {
              name: owner.data.name,
              username: owner.data.username,
              company: owner.data.company,
            })}
          </Text>
          <NewPasswordFields
            values={values}
            errors={errors}
            onChange={handleChange}
            autoFocus
            testId="reset-link"
          />
          <FormError error={save.isError ? errorText(save.error) : null} />
          <Button type="submit" loading={save.isPending} data-testid="reset-link-submit">
            {t('passwordReset.submit')}
          </Button>
        </Stack>
      </form>
    );

  return (
    <Center mih="100vh" p="md">
      <Paper withBorder shadow="sm" radius="md" p="xl" w="100%" maw={420}>
        <Stack gap="md">
          <Title order={1} size="h3">
            {t('passwordReset.title')}
          </Title>
          {body}
        </Stack>
      </Paper>
    </Center>
  );
}
