// "You are signed in as X. Continue as Y?": Switch, or Keep current (also what closing the dialog means, the
// choice that changes nothing). Built on ModalBase rather than Modal: Modal's stacking context would split a
// shared chunk out of the login route's code (login route budget).
import {
  Button,
  Group,
  ModalBase,
  ModalBaseBody,
  ModalBaseContent,
  ModalBaseHeader,
  ModalBaseOverlay,
  ModalBaseTitle,
} from '@mantine/core';
import { useTranslation } from '../../lib/i18n.ts';
import { useSwitchQuestion } from './switch-account.ts';

// Plain elements and inline styles: Mantine's Text here would split a chunk the login route loads.
const QUESTION = { margin: '0 0 var(--mantine-spacing-md)', fontSize: 'var(--mantine-font-size-sm)' };
const CENTERED = { display: 'flex', justifyContent: 'center', alignItems: 'center', padding: 16 };

/** Shows the question a link asks, while it waits for an answer. */
export function SwitchAccountModal() {
  const { t } = useTranslation();
  const question = useSwitchQuestion((state) => state.question);
  if (!question) return null;
  const handleKeep = () => question.answer(false);
  const handleSwitch = () => question.answer(true);
  return (
    <ModalBase opened onClose={handleKeep} closeOnClickOutside={false}>
      <ModalBaseOverlay />
      <ModalBaseContent innerProps={{ style: CENTERED }} w={440} maw="100%" radius="md">
        <ModalBaseHeader>
          <ModalBaseTitle fw={600}>{t('switchAccount.title')}</ModalBaseTitle>
        </ModalBaseHeader>
        <ModalBaseBody>
          <p style={QUESTION}>
            {t('switchAccount.body', { current: question.current, next: question.next })}
          </p>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={handleKeep}>
              {t('switchAccount.keep')}
            </Button>
            <Button onClick={handleSwitch}>{t('switchAccount.confirm')}</Button>
          </Group>
        </ModalBaseBody>
      </ModalBaseContent>
    </ModalBase>
  );
}
