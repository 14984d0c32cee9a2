// A block of code (or a secret) to copy: shown as it is, or masked until revealed, with a copy button.
import { ActionIcon, Code, CopyButton, Group, Tooltip } from '@mantine/core';
import { useState } from 'react';
import { CheckIcon } from '../../../components/Icons.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { CopyIcon, EyeIcon, EyeOffIcon } from './channel-icons.tsx';

export interface CopyFieldProps {
  value: string;
  /** Masked until the user reveals it. */
  secret?: boolean;
  testId: string;
}

export function CopyField({ value, secret = false, testId }: CopyFieldProps) {
  const { t } = useTranslation();
  const [revealed, setRevealed] = useState(!secret);
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Code block style={{ flex: 1, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }} data-testid={testId}>
        {revealed ? value : '•'.repeat(24)}
      </Code>
      {secret && (
        <Tooltip label={t(revealed ? 'centerChannels.hide' : 'centerChannels.reveal')}>
          <ActionIcon
            variant="subtle"
            onClick={() => setRevealed((current) => !current)}
            aria-label={t(revealed ? 'centerChannels.hide' : 'centerChannels.reveal')}
            aria-pressed={revealed}
            data-testid={`${testId}-reveal`}
          >
            {revealed ? <EyeOffIcon size={16} /> : <EyeIcon size={16} />}
          </ActionIcon>
        </Tooltip>
      )}
      <CopyButton value={value} timeout={2000}>
        {({ copied, copy }) => (
          <Tooltip label={t(copied ? 'centerChannels.copied' : 'centerChannels.copy')}>
            <ActionIcon
              variant="subtle"
              color={copied ? 'teal' : undefined}
              onClick={copy}
              aria-label={t(copied ? 'centerChannels.copied' : 'centerChannels.copy')}
              data-testid={`${testId}-copy`}
            >
              {copied ? <CheckIcon size={16} /> : <CopyIcon size={16} />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}
