// The Center's white-label section (/center/branding, "Marca"): the logos and the favicon (PNG or SVG, each
// uploaded and removed on its own), the two theme colours and the product name, with a live preview of the
// console and the widget in both schemes. For administrators only (ability branding.manage). Every change is
// at once what GET /resources answers: the console takes it here, the login page on its next load.
import {
  BRAND_FILES,
  DEFAULT_BRANDING,
  PRODUCT_NAME_MAX,
  type BrandFile,
  type BrandingSettings,
  type CenterBranding,
} from '@atende/contract';
import {
  Alert,
  Box,
  Button,
  ColorInput,
  FileButton,
  Group,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { QueryBody } from '../../../components/QueryBody.tsx';
import { holds } from '../../../lib/abilities.ts';
import { errorText } from '../../../lib/error-text.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useCurrentUser } from '../../../lib/session-store.ts';
import { reloadSessionResources } from '../../branding/resources-store.ts';
import { CenterSection } from '../CenterSection.tsx';
import { BrandPreview } from './BrandPreview.tsx';
import { brandingQuery, removeBrandFile, saveBrandingSettings, uploadBrandFile } from './branding-api.ts';

const HEX = /^#[0-9a-f]{6}$/i;
/** Each file drawn on the background it is made for (an inverted logo on dark, a favicon on either). */
const DARK_BACKGROUND: Record<BrandFile, boolean> = {
  logo: false,
  logo_inverted: true,
  logo_monochrome_light: true,
  logo_monochrome_dark: false,
  favicon: false,
};

/** After any change: the page's data and the console's own branding. */
function useBrandingChange<T>(change: (input: T) => Promise<CenterBranding>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: async (data) => {
      queryClient.setQueryData(brandingQuery.queryKey, data);
      await reloadSessionResources();
    },
  });
}

function BrandFileCard({ kind, data }: { kind: BrandFile; data: CenterBranding }) {
  const { t } = useTranslation();
  const upload = useBrandingChange((file: File) => uploadBrandFile(kind, file));
  const remove = useBrandingChange(() => removeBrandFile(kind));
  const failed = upload.error ?? remove.error;
  const custom = data.custom_files.includes(kind);
  return (
    <Stack gap="xs" data-testid={`brand-file-${kind}`}>
      <Text size="sm" fw={600}>
        {t(`centerBranding.files.${kind}`)}
      </Text>
      <Box
        h={72}
        p="xs"
        style={{
          background: DARK_BACKGROUND[kind] ? '#1a1b1e' : '#ffffff',
          border: '1px solid var(--mantine-color-default-border)',
          borderRadius: 8,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
        }}
      >
        <img
          src={data.branding[kind]}
          alt={t('centerBranding.files.previewAlt', { file: t(`centerBranding.files.${kind}`) })}
          style={{ maxHeight: kind === 'favicon' ? 32 : 52, maxWidth: '100%' }}
          data-testid={`brand-file-${kind}-image`}
        />
      </Box>
      <Group gap="xs">
        <FileButton onChange={(file) => file && upload.mutate(file)} accept="image/png,image/svg+xml">
          {(props) => (
            <Button {...props} size="xs" variant="light" loading={upload.isPending}>
              {t('centerBranding.files.upload')}
            </Button>
          )}
        </FileButton>
        {custom && (
          <Button
            size="xs"
            variant="subtle"
            color="red"
            loading={remove.isPending}
            onClick={() => remove.mutate()}
          >
            {t('centerBranding.files.remove')}
          </Button>
        )}
      </Group>
      {failed && (
        <Text size="xs" c="red" role="alert">
          {errorText(failed)}
        </Text>
      )}
    </Stack>
  );
}

const settingsOf = ({ branding }: CenterBranding): BrandingSettings => ({
  color_light: branding.color_light,
  color_dark: branding.color_dark,
  product_name: branding.product_name,
});

function BrandingEditor({ data }: { data: CenterBranding }) {
  const { t } = useTranslation();
  const [values, setValues] = useState(() => settingsOf(data));
  const save = useBrandingChange(saveBrandingSettings);
  const set = (field: keyof BrandingSettings) => (value: string) =>
    setValues((current) => ({ ...current, [field]: value }));
  const invalid = (field: 'color_light' | 'color_dark') =>
    HEX.test(values[field]) ? null : t('centerBranding.colours.invalid');
  const nameMissing = values.product_name.trim() === '';
  const eyeDropper = { 'aria-label': t('centerBranding.colours.eyeDropper') };
  // The preview keeps the last valid colour while one is being typed.
  const preview = {
    colorLight: HEX.test(values.color_light) ? values.color_light : data.branding.color_light,
    colorDark: HEX.test(values.color_dark) ? values.color_dark : data.branding.color_dark,
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (invalid('color_light') || invalid('color_dark') || nameMissing) return;
    save.mutate(values, { onSuccess: () => notifySuccess(t('centerBranding.saved')) });
  };

  return (
    <Stack gap="lg">
      <CenterSection title={t('centerBranding.files.title')} description={t('centerBranding.files.subtitle')}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }}>
          {BRAND_FILES.map((kind) => (
            <BrandFileCard key={kind} kind={kind} data={data} />
          ))}
        </SimpleGrid>
      </CenterSection>
      <CenterSection
        title={t('centerBranding.colours.title')}
        description={t('centerBranding.colours.subtitle')}
      >
        <form onSubmit={handleSubmit} noValidate>
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <ColorInput
                label={t('centerBranding.colours.light')}
                value={values.color_light}
                onChange={set('color_light')}
                format="hex"
                eyeDropperButtonProps={eyeDropper}
                error={invalid('color_light')}
                data-testid="brand-color-light"
              />
              <ColorInput
                label={t('centerBranding.colours.dark')}
                value={values.color_dark}
                onChange={set('color_dark')}
                format="hex"
                eyeDropperButtonProps={eyeDropper}
                error={invalid('color_dark')}
                data-testid="brand-color-dark"
              />
              <TextInput
                label={t('centerBranding.productName')}
                value={values.product_name}
                onChange={(event) => set('product_name')(event.currentTarget.value)}
                maxLength={PRODUCT_NAME_MAX}
                error={nameMissing ? t('centerBranding.productNameRequired') : null}
                data-testid="brand-product-name"
              />
            </SimpleGrid>
            <BrandPreview
              {...preview}
              productName={values.product_name}
              logo={data.branding.logo}
              logoInverted={data.branding.logo_inverted}
            />
            {save.error && (
              <Alert color="red" variant="light" role="alert">
                {errorText(save.error)}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button
                variant="default"
                onClick={() =>
                  setValues({
                    color_light: DEFAULT_BRANDING.color_light,
                    color_dark: DEFAULT_BRANDING.color_dark,
                    product_name: DEFAULT_BRANDING.product_name,
                  })
                }
                data-testid="brand-reset"
              >
                {t('centerBranding.reset')}
              </Button>
              <Button type="submit" loading={save.isPending} data-testid="brand-save">
                {t('centerBranding.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </CenterSection>
    </Stack>
  );
}

export function BrandingPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const query = useQuery({ ...brandingQuery, enabled: !!user && holds(user, 'branding.manage') });
  if (!user) return null;
  if (!holds(user, 'branding.manage')) {
    return (
      <Alert color="yellow" variant="light" title={t('centerBranding.adminsOnlyTitle')} role="alert">
        {t('centerBranding.adminsOnlyBody')}
      </Alert>
    );
  }
  return <QueryBody query={query}>{(data) => <BrandingEditor data={data} />}</QueryBody>;
}
