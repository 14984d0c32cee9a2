// Providers every screen needs: the company-branded Mantine theme and toasts. (The server-state cache is
// provided by QueryLayout, for the screens after login.)
import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { useBranding } from '../features/branding/resources-store.ts';
import { buildTheme, readableVariables } from '../features/branding/theme.ts';
import { useTranslation } from '../lib/i18n.ts';

const ToastViewport = lazy(() =>
  import('./ToastViewport.tsx').then((module) => ({ default: module.ToastViewport })),
);

/** Loads the toast viewport with the first toast: until then its code is not needed (login route budget). */
function LazyToasts() {
  const pending = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && (pending.notifications.length > 0 || pending.queue.length > 0)) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ToastViewport />
    </Suspense>
  );
}

function BrandedMantineProvider({ children }: { children: ReactNode }) {
  const { color_light: colorLight, color_dark: colorDark } = useBranding();
  const { t } = useTranslation();
  const closeLabel = t('common.close');
  const theme = useMemo(
    () => buildTheme(colorLight, colorDark, closeLabel),
    [colorLight, colorDark, closeLabel],
  );
  return (
    <MantineProvider theme={theme} cssVariablesResolver={readableVariables} defaultColorScheme="auto">
      <LazyToasts />
      {children}
    </MantineProvider>
  );
}

export function AppProviders({ children }: { children: ReactNode }) {
  return <BrandedMantineProvider>{children}</BrandedMantineProvider>;
}
