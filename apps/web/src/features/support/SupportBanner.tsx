// The banner of a support session, on every screen of the console while a super administrator acts as a user:
// who they are acting as, and the way back. It sits at the top, in the headers' empty middle, clear of the
// composer; it ends the session by itself when its time is up.
import { Button, Group, Paper, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { useSessionStore } from '../../lib/session-store.ts';
import { endSupportSession, impersonationQuery } from './support-session.ts';

export function SupportBanner() {
  const signedIn = useSessionStore((state) => state.status === 'authenticated');
  const { data } = useQuery({ ...impersonationQuery, enabled: signedIn });
  const impersonation = signedIn ? data?.impersonation : null;
  const [ending, setEnding] = useState(false);

  const handleEnd = () => {
    setEnding(true);
    void endSupportSession();
  };

  useEffect(() => {
    if (!impersonation) return;
    const left = new Date(impersonation.expires_at).getTime() - Date.now();
    const timer = setTimeout(() => void endSupportSession(), Math.max(left, 0));
    return () => clearTimeout(timer);
  }, [impersonation]);

  if (!impersonation) return null;
  return (
    <SupportBannerView
      name={impersonation.user.name}
      company={impersonation.company.name}
      ending={ending}
      onEnd={handleEnd}
    />
  );
}

export function SupportBannerView({
  name,
  company,
  ending,
  onEnd,
}: {
  name: string;
  company: string;
  ending: boolean;
  onEnd: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Paper
      role="status"
      data-testid="support-banner"
      shadow="md"
      radius="md"
      px="md"
      py={6}
      bg="orange.7"
      c="white"
      style={{ position: 'fixed', top: 10, left: '50%', transform: 'translateX(-50%)', zIndex: 400 }}
    >
      <Group gap="sm" wrap="nowrap">
        <Text size="sm" fw={600}>
          {t('support.banner', { name, company })}
        </Text>
        <Button
          size="compact-sm"
          variant="white"
          color="orange"
          onClick={onEnd}
          loading={ending}
          data-testid="support-end"
        >
          {t('support.end')}
        </Button>
      </Group>
    </Paper>
  );
}
