// The global call bar, in the console's header (issue 26): a call ringing with the caller's customer (accept /
// reject), a call being placed (cancel), a call in progress (time, mute, hold, DTMF keypad, transfer to a free
// colleague, hang up), the spec §4 status, the wrap-up countdown, and what went wrong (microphone refused or
// missing, busy, unreachable, a transfer that failed). It covers nothing of the work area.
import {
  ActionIcon,
  Badge,
  Button,
  CloseButton,
  Group,
  Paper,
  Popover,
  Stack,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import type { OnlineOperator } from '@atende/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../lib/i18n.ts';
import { pathTo } from '../../lib/routes.ts';
import { useBranding } from '../branding/resources-store.ts';
import { NewContactModal } from '../contacts/NewContactModal.tsx';
import { formatElapsed } from '../pause/pause-clock.ts';
import { useNow } from '../pause/use-now.ts';
import { Keypad } from './Keypad.tsx';
import { KeypadIcon } from './KeypadIcon.tsx';
import { callStatus, wrapUpLeft, type CallStatus, type PhoneCall } from './phone-machine.ts';
import { usePhoneStore } from './phone-store.ts';
import {
  HoldIcon,
  MicrophoneOffIcon,
  PhoneIcon,
  PhoneOffIcon,
  TransferIcon,
  UserPlusIcon,
} from './PhoneIcons.tsx';
import { callerQuery, operatorsQuery, ownCall, transferCall } from './softphone-api.ts';
import { errorText } from '../../lib/error-text.ts';
import { notifyError } from '../../lib/notify.ts';
import { useCurrentUser } from '../../lib/session-store.ts';
import classes from './Softphone.module.css';
import { useIncomingCallAlert } from './use-incoming-call-alert.ts';

const STATUS_COLOR: Record<CallStatus, string> = {
  unknown: 'gray',
  awaiting: 'gray',
  calling: 'orange',
  making_call: 'blue',
  in_progress: 'green',
  mute: 'red',
};

/**
 * The customer of the call: the one it was placed for, or the one the caller's number belongs to; `unknown`
 * once the look-up found nobody (the call bar then offers to save the number as a new contact).
 */
function useCallCustomer(call: PhoneCall) {
  const found = useQuery({ ...callerQuery(call.number), enabled: call.customer === null });
  const customer = call.customer ?? found.data ?? null;
  return { customer, unknown: customer === null && found.isSuccess };
}

/** A caller nobody knows: their number, on the company's voice line, in the new-contact modal. */
function NewCallerContact({ number }: { number: string }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const close = () => {
    setOpen(false);
    // A contact just made with this number is the caller now.
    void client.invalidateQueries({ queryKey: callerQuery(number).queryKey });
  };
  return (
    <>
      <Button
        size="xs"
        variant="default"
        leftSection={<UserPlusIcon size={16} />}
        onClick={() => setOpen(true)}
        data-testid="call-new-contact"
      >
        {t('softphone.newContact')}
      </Button>
      <NewContactModal opened={open} onClose={close} prefill={{ kind: 'voice', address: number }} />
    </>
  );
}

function ToggleIcon({
  label,
  on,
  color,
  onClick,
  testId,
  children,
}: {
  label: string;
  on: boolean;
  color: string;
  onClick: () => void;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Tooltip label={label}>
      <ActionIcon
        size="lg"
        variant={on ? 'filled' : 'default'}
        color={on ? color : undefined}
        aria-pressed={on}
        aria-label={label}
        onClick={onClick}
        data-testid={testId}
      >
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

/**
 * The transfer menu: the colleagues free to take a call now (live), one click hands the call on. The server
 * checks the colleague and gives them the customer's conversation; the phone then REFERs the customer.
 */
function TransferMenu({ call }: { call: PhoneCall }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const agent = usePhoneStore((state) => state.agent);
  const dispatch = usePhoneStore((state) => state.dispatch);
  const me = useCurrentUser()?.id;
  const operators = useQuery({ ...operatorsQuery, enabled: open });
  const free = (operators.data?.data ?? []).filter(
    (operator) => operator.state === 'available' && operator.user_id !== me,
  );
  const transfer = useMutation({
    mutationFn: async (colleague: OnlineOperator) => {
      const record = await ownCall(call.sipCallId);
      return transferCall(record.id, { to_user_id: colleague.user_id });
    },
    onSuccess: (answer, colleague) => {
      setOpen(false);
      dispatch({ type: 'transferring', sipCallId: call.sipCallId, to: colleague.name });
      agent?.transfer(answer.refer_to);
    },
    onError: (error) => notifyError(errorText(error)),
  });
  return (
    <Popover opened={open} onChange={setOpen} position="bottom" width={240} shadow="md" withArrow>
      <Popover.Target>
        <div>
          <ToggleIcon
            label={t('calls.transfer.label')}
            on={open || call.transferringTo !== null}
            color="grape"
            onClick={() => setOpen((was) => !was)}
            testId="call-transfer"
          >
            <TransferIcon size={18} />
          </ToggleIcon>
        </div>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap={4} data-testid="transfer-menu">
          <Text size="xs" c="dimmed">
            {t('calls.transfer.choose')}
          </Text>
          {operators.isSuccess && free.length === 0 && (
            <Text size="sm" data-testid="transfer-none">
              {t('calls.transfer.none')}
            </Text>
          )}
          {free.map((operator) => (
            <UnstyledButton
              key={operator.user_id}
              onClick={() => transfer.mutate(operator)}
              disabled={transfer.isPending}
              px={6}
              py={4}
              className={classes.option}
              data-testid="transfer-to"
            >
              <Text size="sm" fw={600}>
                {operator.name}
              </Text>
              <Text size="xs" c="dimmed">
                {operator.sip_username}
              </Text>
            </UnstyledButton>
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

function InCallControls({ call }: { call: PhoneCall }) {
  const { t } = useTranslation();
  const agent = usePhoneStore((state) => state.agent);
  const [dtmf, setDtmf] = useState('');
  const [keypad, setKeypad] = useState(false);
  const handleKey = (key: string) => {
    agent?.dtmf(key);
    setDtmf((sent) => (sent + key).slice(-20));
  };
  const muteLabel = t(call.muted ? 'softphone.unmute' : 'softphone.mute');
  const holdLabel = t(call.held ? 'softphone.resume' : 'softphone.hold');
  return (
    <Group gap={6} wrap="nowrap">
      <ToggleIcon
        label={muteLabel}
        on={call.muted}
        color="red"
        onClick={() => agent?.mute(!call.muted)}
        testId="call-mute"
      >
        <MicrophoneOffIcon size={18} />
      </ToggleIcon>
      <ToggleIcon
        label={holdLabel}
        on={call.held}
        color="orange"
        onClick={() => agent?.hold(!call.held)}
        testId="call-hold"
      >
        <HoldIcon size={18} />
      </ToggleIcon>
      <Popover opened={keypad} onChange={setKeypad} position="bottom" width={200} shadow="md" withArrow>
        <Popover.Target>
          <div>
            <ToggleIcon
              label={t('softphone.dtmf')}
              on={keypad}
              color="brand"
              onClick={() => setKeypad((open) => !open)}
              testId="call-keypad"
            >
              <KeypadIcon size={18} />
            </ToggleIcon>
          </div>
        </Popover.Target>
        <Popover.Dropdown>
          <Stack gap={4}>
            <Text size="sm" ff="monospace" ta="center" mih={20} data-testid="dtmf-sent">
              {dtmf}
            </Text>
            <Keypad onKey={handleKey} label={t('softphone.dtmf')} />
          </Stack>
        </Popover.Dropdown>
      </Popover>
      <TransferMenu call={call} />
    </Group>
  );
}

function ActiveCall({ call }: { call: PhoneCall }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const now = useNow();
  const agent = usePhoneStore((state) => state.agent);
  const status = usePhoneStore(callStatus);
  const { customer, unknown } = useCallCustomer(call);
  const ringing = call.answeredAt === null;

  useIncomingCallAlert(call, customer?.name ?? null, useBranding().favicon);

  const handleAccept = async () => {
    await agent?.answer();
    // Accepting opens the customer's conversation (a caller nobody knows stays where the operator is).
    if (customer) await navigate(pathTo('conversation.messages', { contactId: customer.id }));
  };

  return (
    <Group gap="sm" wrap="nowrap">
      <Badge color={STATUS_COLOR[status]} variant="light" data-testid="call-status" data-status={status}>
        {t(`softphone.status.${status}`)}
      </Badge>
      <Stack gap={0} miw={0} visibleFrom="sm">
        <Text size="sm" fw={600} truncate maw={200} data-testid="call-customer">
          {customer?.name ?? t('softphone.unknownCaller')}
        </Text>
        <Text size="xs" c="dimmed" data-testid="call-number">
          {call.number}
          {call.held && ` · ${t('softphone.onHold')}`}
          {call.transferringTo && ` · ${t('calls.transfer.transferring', { name: call.transferringTo })}`}
        </Text>
      </Stack>
      {unknown && <NewCallerContact number={call.number} />}
      {!ringing && (
        <Text size="sm" ff="monospace" data-testid="call-timer">
          {formatElapsed(Math.max(0, Math.floor((now - call.answeredAt!) / 1000)))}
        </Text>
      )}
      {ringing && call.direction === 'inbound' ? (
        <Group gap="xs" wrap="nowrap">
          <Button
            size="xs"
            color="green"
            leftSection={<PhoneIcon size={16} />}
            onClick={handleAccept}
            data-testid="call-accept"
          >
            {t('softphone.accept')}
          </Button>
          <Button
            size="xs"
            color="red"
            variant="light"
            onClick={() => agent?.reject()}
            data-testid="call-reject"
          >
            {t('softphone.reject')}
          </Button>
        </Group>
      ) : (
        <Group gap="xs" wrap="nowrap">
          {!ringing && <InCallControls call={call} />}
          <Button
            size="xs"
            color="red"
            leftSection={<PhoneOffIcon size={16} />}
            onClick={() => agent?.hangup()}
            data-testid="call-hangup"
          >
            {t(ringing ? 'softphone.cancel' : 'softphone.hangup')}
          </Button>
        </Group>
      )}
    </Group>
  );
}

export function CallBar() {
  const { t } = useTranslation();
  const call = usePhoneStore((state) => state.call);
  const problem = usePhoneStore((state) => state.problem);
  const dispatch = usePhoneStore((state) => state.dispatch);
  const now = useNow(500);
  const wrapping = usePhoneStore((state) => wrapUpLeft(state, now));
  if (!call && !problem && wrapping === 0) return <div className={classes.bar} />;
  return (
    <div className={classes.bar}>
      <Paper
        withBorder
        radius="md"
        px="sm"
        py={4}
        role="region"
        aria-label={t('softphone.callBar')}
        data-testid="call-bar"
        maw="100%"
      >
        <Group gap="sm" wrap="nowrap">
          {call && <ActiveCall call={call} />}
          {!call && wrapping > 0 && (
            <Text size="sm" fw={600} data-testid="wrap-up-countdown">
              {t('softphone.wrapUp', { seconds: wrapping })}
            </Text>
          )}
          {problem && (
            <Group gap={4} wrap="nowrap" miw={0}>
              <Text size="xs" c="red" role="alert" lineClamp={2} maw={420} data-testid="phone-problem">
                {problem === 'transfer_failed'
                  ? t('calls.transfer.failed')
                  : t(`softphone.problems.${problem}`)}
              </Text>
              <CloseButton
                size="sm"
                aria-label={t('softphone.dismiss')}
                onClick={() => dispatch({ type: 'problem', problem: null })}
              />
            </Group>
          )}
        </Group>
      </Paper>
    </div>
  );
}
