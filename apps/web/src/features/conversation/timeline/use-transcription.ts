// Asking for an audio message's transcription: the server sends the audio to the company's AI provider and
// answers the message with its text (also announced to every open timeline). Without a provider it refuses
// with `transcription_not_configured`, whose message (in the user's language) the bubble shows.
import type { Message } from '@atende/contract';
import { useMutation } from '@tanstack/react-query';
import { requestTranscription } from './message-api.ts';

export const useTranscription = (message: Message) =>
  useMutation({ mutationFn: () => requestTranscription(message.contact_id, message.id) });
