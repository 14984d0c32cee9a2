// A live preview of the white-label as it is being chosen: a small mock of the console (header, sidebar,
// buttons) and of a website chat widget in the brand's colours (each real chat keeps its own colour, set with
// its channel), in the light and the dark scheme side by side. The colours come
// from the console's real theme builder and the widget's own rule, so what is shown is what will be drawn,
// readable foregrounds included.
import { readableForeground, readableShade, WHITE } from '@atende/contract';
import { Box, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import { buildTheme } from '../../branding/theme.ts';

export interface BrandPreviewProps {
  colorLight: string;
  colorDark: string;
  productName: string;
  logo: string;
  logoInverted: string;
}

/** What the console and the widget draw for one scheme. */
function schemeColours(scheme: 'light' | 'dark', colorLight: string, colorDark: string) {
  const colors = buildTheme(colorLight, colorDark).colors!;
  const palette = scheme === 'light' ? colors.brandLight! : colors.brandDark!;
  const filled = palette[6];
  const widget = readableShade(scheme === 'light' ? colorLight : colorDark, WHITE);
  return {
    filled,
    filledText: readableForeground(filled),
    // The light variant: text in the brand colour on its own tint (shade 6 in light, shade 4 in dark).
    accentText: scheme === 'light' ? palette[6] : palette[4],
    widget,
    page: scheme === 'light' ? '#ffffff' : '#242424',
    surface: scheme === 'light' ? '#f8f9fa' : '#2e2e2e',
    text: scheme === 'light' ? '#000000' : '#c9c9c9',
    border: scheme === 'light' ? '#dee2e6' : '#424242',
  };
}

function SchemePreview({ scheme, ...props }: BrandPreviewProps & { scheme: 'light' | 'dark' }) {
  const { t } = useTranslation();
  const c = schemeColours(scheme, props.colorLight, props.colorDark);
  return (
    <Stack gap={6} data-testid={`brand-preview-${scheme}`}>
      <Text size="sm" fw={600}>
        {t(scheme === 'light' ? 'centerBranding.preview.light' : 'centerBranding.preview.dark')}
      </Text>
      <Box
        style={{ background: c.page, color: c.text, border: `1px solid ${c.border}`, borderRadius: 8 }}
        aria-hidden
        pos="relative"
        h={220}
      >
        <Group
          justify="space-between"
          px="sm"
          h={40}
          style={{ borderBottom: `1px solid ${c.border}` }}
          wrap="nowrap"
        >
          <img src={scheme === 'light' ? props.logo : props.logoInverted} alt="" style={{ height: 20 }} />
          <Box
            px={10}
            py={4}
            style={{ background: c.filled, color: c.filledText, borderRadius: 6, fontSize: 12 }}
            data-testid={`brand-preview-${scheme}-button`}
          >
            {t('centerBranding.preview.button')}
          </Box>
        </Group>
        <Group gap={0} align="stretch" h={178} wrap="nowrap">
          <Stack
            gap={4}
            p={8}
            w={110}
            style={{ background: c.surface, borderRight: `1px solid ${c.border}` }}
          >
            <Box px={6} py={3} style={{ color: c.accentText, fontSize: 12, fontWeight: 600 }}>
              {t('centerBranding.preview.queue')}
            </Box>
            <Box px={6} py={3} style={{ fontSize: 12 }}>
              {t('centerBranding.preview.contacts')}
            </Box>
          </Stack>
          <Stack gap={6} p={8} style={{ flex: 1, fontSize: 12 }}>
            <Text size="xs" fw={600} c="inherit">
              {props.productName}
            </Text>
            <Box
              px={8}
              py={4}
              style={{ background: c.filled, color: c.filledText, borderRadius: 8, alignSelf: 'flex-end' }}
            >
              {t('centerBranding.preview.message')}
            </Box>
          </Stack>
        </Group>
        {/* The widget: its header and launcher, in the colour it computes for white text. */}
        <Box
          pos="absolute"
          right={8}
          bottom={52}
          w={120}
          style={{ border: `1px solid ${c.border}`, borderRadius: 8, overflow: 'hidden', background: c.page }}
        >
          <Box px={8} py={4} style={{ background: c.widget, color: '#fff', fontSize: 11 }}>
            {t('centerBranding.preview.widget')}
          </Box>
          <Box h={20} />
        </Box>
        <Box
          pos="absolute"
          right={8}
          bottom={8}
          w={36}
          h={36}
          style={{
            background: c.widget,
            color: '#fff',
            borderRadius: '50%',
            textAlign: 'center',
            lineHeight: '36px',
          }}
          data-testid={`brand-preview-${scheme}-launcher`}
        >
          💬
        </Box>
      </Box>
      <Text size="xs" c="dimmed" data-testid={`brand-preview-${scheme}-foreground`}>
        {t('centerBranding.preview.foreground', { background: c.filled, foreground: c.filledText })}
      </Text>
    </Stack>
  );
}

export function BrandPreview(props: BrandPreviewProps) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <SchemePreview scheme="light" {...props} />
      <SchemePreview scheme="dark" {...props} />
    </SimpleGrid>
  );
}
