// The keypad to place a call (spec §2 phone panel): a number typed or keyed in, then "Ligar". Placing is
// refused while a call or the wrap-up is on, or while SIP is offline, and says why. From it the operators and
// the user campaigns modals open.
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { useNow } from '../pause/use-now.ts';
import { Keypad } from './Keypad.tsx';
import { canDial, wrapUpLeft } from './phone-machine.ts';
import { usePhoneStore } from './phone-store.ts';
import { PhoneIcon } from './PhoneIcons.tsx';
import { dialable } from './sip-agent.ts';

const MIN_DIGITS = 3;

export function DialModal() {
  const { t } = useTranslation();
  const opened = usePhoneStore((state) => state.keypadOpen);
  const setOpen = usePhoneStore((state) => state.setKeypadOpen);
  const agent = usePhoneStore((state) => state.agent);
  const now = useNow();
  const ready = usePhoneStore((state) => canDial(state, now));
  const sip = usePhoneStore((state) => state.sip);
  const wrapping = usePhoneStore((state) => wrapUpLeft(state, now));
  const [number, setNumber] = useState('');

  const blocked =
    sip !== 'online'
      ? t('softphone.offlineHint')
      : wrapping > 0
        ? t('softphone.wrapUp', { seconds: wrapping })
        : !ready
          ? t('softphone.busyHint')
          : null;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!agent || blocked || dialable(number).length < MIN_DIGITS) return;
    void agent.call(number, null);
    setOpen(false);
    setNumber('');
  };

  return (
    <Modal opened={opened} onClose={() => setOpen(false)} title={t('softphone.dialTitle')} size="xs" centered>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('softphone.number')}
            value={number}
            onChange={(event) => setNumber(event.currentTarget.value)}
            inputMode="tel"
            maxLength={32}
            data-autofocus
            data-testid="dial-number"
          />
          <Keypad onKey={(key) => setNumber((typed) => typed + key)} label={t('softphone.keypad')} />
          {blocked && (
            <Text size="sm" c="dimmed" role="status">
              {blocked}
            </Text>
          )}
          <Group grow gap={4}>
            <Button
              variant="subtle"
              size="xs"
              onClick={() => {
                setOpen(false);
                usePhoneStore.getState().setOperatorsOpen(true);
              }}
              data-testid="operators-open"
            >
              {t('softphone.operators.open')}
            </Button>
            <Button
              variant="subtle"
              size="xs"
              onClick={() => {
                setOpen(false);
                usePhoneStore.getState().setCampaignsOpen(true);
              }}
              data-testid="user-campaigns-open"
            >
              {t('campaigns.user.open')}
            </Button>
          </Group>
          <Button
            type="submit"
            color="green"
            leftSection={<PhoneIcon size={18} />}
            disabled={Boolean(blocked) || dialable(number).length < MIN_DIGITS}
            data-testid="dial-call"
          >
            {t('softphone.call')}
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
