// Login (route `login`): company, username and password; tabs choose the Live console or the Center.
import type { LoginRequest } from '@atende/contract';
import { Box, Button, Center, Paper, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { useNavigate } from 'react-router';
import { pathTo } from '../../lib/routes.ts';
import { EyeIcon, EyeOffIcon } from './PasswordIcons.tsx';
import { HttpError } from '../../lib/http.ts';
import { notifyError } from '../../lib/notify.ts';
import { BrandLogo } from '../branding/BrandLogo.tsx';
import { useBranding } from '../branding/resources-store.ts';
import { rememberCompany, rememberedCompany } from '../../lib/remembered-company.ts';
import { AccountDataError, signIn } from '../session/session.ts';
import classes from './LoginPage.module.css';

type Area = 'live' | 'center';
type Field = keyof LoginRequest;

const isField = (value: string | null): value is Field =>
  value === 'company' || value === 'username' || value === 'password';

/** Live or Center: where the login leads (a two-tab switch built on Button to keep the route small). */
function AreaTabs({ area, onChange }: { area: Area; onChange: (area: Area) => void }) {
  const { t } = useTranslation();
  const tabs: { value: Area; label: string }[] = [
    { value: 'live', label: t('auth.tabLive') },
    { value: 'center', label: t('auth.tabCenter') },
  ];
  return (
    <div role="tablist" aria-label={t('auth.areaLabel')} className={classes.tabs}>
      {tabs.map((tab) => (
        <Button
          key={tab.value}
          role="tab"
          aria-selected={area === tab.value}
          variant={area === tab.value ? 'white' : 'subtle'}
          color={area === tab.value ? 'dark' : 'gray'}
          className={classes.tab}
          data-active={area === tab.value || undefined}
          onClick={() => onChange(tab.value)}
          fullWidth
        >
          {tab.label}
        </Button>
      ))}
    </div>
  );
}

export function LoginPage() {
  const { t } = useTranslation();
  const branding = useBranding();
  const navigate = useNavigate();
  const [area, setArea] = useState<Area>('live');
  const [values, setValues] = useState<LoginRequest>(() => ({
    company: rememberedCompany(),
    username: '',
    password: '',
  }));
  const [formError, setFormError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});

  const [submitting, setSubmitting] = useState(false);
  const [passwordVisible, setPasswordVisible] = useState(false);

  const handleFailure = (error: unknown) => {
    if (error instanceof AccountDataError) {
      notifyError(t('session.accountDataError'));
      return;
    }
    if (error instanceof HttpError && [400, 403, 429].includes(error.status)) {
      // 400: the server's message belongs in the form (no toast on login, spec §8); so do 429's, which
      // says when the next try is allowed (issue 19, finding 6), and 403's (the company is suspended).
      const message = error.serverMessage ?? t('auth.loginFailed');
      const field = error.field;
      if (isField(field)) setFieldErrors({ [field]: message });
      else setFormError(message);
      return;
    }
    setFormError(t('auth.loginFailed'));
  };

  const login = async (credentials: LoginRequest) => {
    setSubmitting(true);
    try {
      await signIn(credentials);
      rememberCompany(credentials.company);
      await navigate(area === 'center' ? pathTo('center') : pathTo('panel.index'), { replace: true });
    } catch (error) {
      handleFailure(error);
    } finally {
      setSubmitting(false);
    }
  };

  const handleChange = (field: Field) => (event: { currentTarget: HTMLInputElement }) => {
    const { value } = event.currentTarget;
    setValues((current) => ({ ...current, [field]: value }));
    setFieldErrors((current) => ({ ...current, [field]: undefined }));
    setFormError(null);
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const missing: Partial<Record<Field, string>> = {};
    if (!values.company.trim()) missing.company = t('auth.companyRequired');
    if (!values.username.trim()) missing.username = t('auth.usernameRequired');
    if (!values.password) missing.password = t('auth.passwordRequired');
    setFieldErrors(missing);
    setFormError(null);
    if (Object.keys(missing).length > 0) return;
    void login({
      company: values.company.trim(),
      username: values.username.trim(),
      password: values.password,
    });
  };

  return (
    <Box className={classes.page}>
      <Center mih="100dvh" p="md">
        <Stack w="100%" maw={420} gap="lg">
          <Center>
            <BrandLogo h={48} />
          </Center>
          <Paper withBorder shadow="md" p={{ base: 'lg', sm: 'xl' }} radius="lg">
            <form onSubmit={handleSubmit} noValidate aria-labelledby="login-title">
              <Stack gap="md">
                <div>
                  <Text id="login-title" component="h1" fz="h3" fw={700} m={0}>
                    {t('auth.title')}
                  </Text>
                  <Text c="dimmed" size="sm">
                    {t(area === 'center' ? 'auth.subtitleCenter' : 'auth.subtitleLive')}
                  </Text>
                </div>
                <AreaTabs area={area} onChange={setArea} />
                {formError && (
                  <Text role="alert" c="red" size="sm" className={classes.formError}>
                    {formError}
                  </Text>
                )}
                <TextInput
                  label={t('auth.company')}
                  name="company"
                  autoFocus
                  autoComplete="organization"
                  value={values.company}
                  onChange={handleChange('company')}
                  error={fieldErrors.company}
                  required
                />
                <TextInput
                  label={t('auth.username')}
                  name="username"
                  autoComplete="username"
                  autoCapitalize="none"
                  spellCheck={false}
                  value={values.username}
                  onChange={handleChange('username')}
                  error={fieldErrors.username}
                  required
                />
                <TextInput
                  label={t('auth.password')}
                  name="password"
                  type={passwordVisible ? 'text' : 'password'}
                  autoComplete="current-password"
                  value={values.password}
                  onChange={handleChange('password')}
                  error={fieldErrors.password}
                  required
                  rightSection={
                    <UnstyledButton
                      className={classes.reveal}
                      onClick={() => setPasswordVisible((visible) => !visible)}
                      aria-label={t(passwordVisible ? 'auth.hidePassword' : 'auth.showPassword')}
                      aria-pressed={passwordVisible}
                    >
                      {passwordVisible ? <EyeOffIcon /> : <EyeIcon />}
                    </UnstyledButton>
                  }
                />
                <Button type="submit" size="md" fullWidth loading={submitting}>
                  {t('auth.submit')}
                </Button>
              </Stack>
            </form>
          </Paper>
          <Text c="dimmed" size="xs" ta="center">
            {t('brand.footer', { product: branding.product_name, version: __APP_VERSION__ })}
          </Text>
        </Stack>
      </Center>
    </Box>
  );
}
