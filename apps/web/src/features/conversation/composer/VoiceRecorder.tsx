// Records a voice message with the browser's MediaRecorder: the microphone is asked for on the first click;
// while recording the elapsed time shows with Stop (sends) and Cancel (discards).
import { ActionIcon, Group, Text, Tooltip } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { CloseIcon } from '../../../components/Icons.tsx';
import { MicrophoneIcon, SendIcon } from '../ConversationIcons.tsx';

const MIME_TYPES = ['audio/webm;codecs=opus', 'audio/ogg;codecs=opus', 'audio/webm'] as const;

const pickMimeType = (): string | undefined =>
  MIME_TYPES.find((type) => typeof MediaRecorder !== 'undefined' && MediaRecorder.isTypeSupported(type));

const clock = (seconds: number): string =>
  `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

export interface VoiceRecorderProps {
  disabled: boolean;
  onRecorded: (blob: Blob, filename: string) => unknown;
  onError: (message: string) => void;
}

export function VoiceRecorder({ disabled, onRecorded, onError }: VoiceRecorderProps) {
  const { t } = useTranslation();
  const recorder = useRef<MediaRecorder | null>(null);
  const keep = useRef(false);
  const [startedAt, setStartedAt] = useState<number | null>(null);
  const [elapsed, setElapsed] = useState(0);

  useEffect(() => {
    if (startedAt === null) return undefined;
    const timer = setInterval(() => setElapsed(Math.floor((Date.now() - startedAt) / 1000)), 250);
    return () => clearInterval(timer);
  }, [startedAt]);

  // Leaving the conversation while recording discards the recording and frees the microphone.
  useEffect(
    () => () => {
      keep.current = false;
      if (recorder.current?.state === 'recording') recorder.current.stop();
    },
    [],
  );

  if (typeof MediaRecorder === 'undefined' || !navigator.mediaDevices) return null;

  async function handleStart() {
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      onError(t('recorder.denied'));
      return;
    }
    const mimeType = pickMimeType();
    const media = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
    const chunks: Blob[] = [];
    media.ondataavailable = (event) => chunks.push(event.data);
    media.onstop = () => {
      stream.getTracks().forEach((track) => track.stop());
      setStartedAt(null);
      if (!keep.current) return;
      const type = media.mimeType || 'audio/webm';
      const extension = type.includes('ogg') ? 'ogg' : 'webm';
      void onRecorded(new Blob(chunks, { type }), `audio-${Date.now()}.${extension}`);
    };
    recorder.current = media;
    keep.current = false;
    media.start();
    setElapsed(0);
    setStartedAt(Date.now());
  }

  function finish(send: boolean) {
    keep.current = send;
    recorder.current?.stop();
  }

  if (startedAt === null) {
    return (
      <Tooltip label={t('recorder.start')}>
        <ActionIcon
          variant="subtle"
          size="lg"
          aria-label={t('recorder.start')}
          disabled={disabled}
          onClick={() => void handleStart()}
        >
          <MicrophoneIcon />
        </ActionIcon>
      </Tooltip>
    );
  }
  return (
    <Group gap={4} wrap="nowrap" data-testid="recorder">
      <Text size="sm" c="red" ff="monospace" aria-live="polite">
        ● {clock(elapsed)}
      </Text>
      <ActionIcon
        variant="subtle"
        color="gray"
        aria-label={t('recorder.cancel')}
        onClick={() => finish(false)}
      >
        <CloseIcon size={16} />
      </ActionIcon>
      <ActionIcon variant="light" aria-label={t('recorder.stop')} onClick={() => finish(true)}>
        <SendIcon size={16} />
      </ActionIcon>
    </Group>
  );
}
