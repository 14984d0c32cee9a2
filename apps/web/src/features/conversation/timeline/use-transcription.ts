// Asking for an audio message's transcription. Until a speech-to-text provider is configured the server
// refuses with `transcription_not_configured`; its message (in the user's language) is what the bubble shows.
import type { Message } from '@atende/contract';
import { useMutation } from '@tanstack/react-query';
import { requestTranscription } from './message-api.ts';

export const useTranscription = (message: Message) =>
  useMutation({ mutationFn: () => requestTranscription(message.contact_id, message.id) });
