// What every provider simulator offers (WhatsApp Cloud, Messenger, Instagram, Telegram, Viber, Twilio SMS, the
// generic API), so tests and `npm run simulate -- --channels all` drive any kind the same way: an HTTP server on
// a loopback port that answers our outbound calls exactly as the provider does (auth, paths, bodies, success
// and error shapes, rate limits, expired tokens), and customers whose messages reach our webhook signed as the
// provider signs them, followed by the provider's status callbacks for what we sent.
import type { ChannelKind } from '@atende/contract';

/** A call our server made to the simulated provider, as received (for assertions). */
export type ReceivedCall = {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** Parsed JSON or form fields; multipart parts by name. */
  body: unknown;
};

/** A customer's message, in the simulator's terms (the simulator builds the provider's real payload). */
export type CustomerMessage = {
  /** The customer's address on the provider: phone digits, a PSID, a chat id… */
  from: string;
  name?: string;
  text?: string;
  /** A file the customer sends (served by the simulator's media endpoint, fetched by our server). */
  media?: {
    kind: 'image' | 'document' | 'audio' | 'video' | 'sticker';
    filename: string;
    contentType: string;
    data: Buffer;
  };
  location?: { latitude: number; longitude: number; name?: string };
  /** The provider's id of the message it answers (reply context). */
  replyTo?: string;
};

/** A failure the simulator answers the next outbound calls with. */
export type InjectedFailure = 'rate_limit' | 'expired_token' | 'window_closed' | 'server_error';

export type ProviderSimulator = {
  kind: ChannelKind;
  /** The API root to give the account (`api_base_url`). */
  apiBaseUrl: string;
  /** The account's settings and secrets that make our server talk to this simulator. */
  account: { settings: Record<string, string>; secrets: Record<string, string>; address: string };
  /** Our webhook address for the account (set once the account exists). */
  setWebhookUrl(url: string): void;
  /** Sends the customer's message to our webhook, signed; answers the HTTP status our server gave. */
  customerWrites(message: CustomerMessage): Promise<{ status: number; providerMessageId: string }>;
  /** Sends the provider's status callback for one of our messages (by the id the simulator gave it). */
  reportStatus(
    providerMessageId: string,
    status: 'sent' | 'delivered' | 'read' | 'failed',
    error?: string,
  ): Promise<number>;
  /** Makes the next `times` outbound calls fail that way. */
  failNext(failure: InjectedFailure, times?: number): void;
  /** Every outbound call received so far. */
  calls: ReceivedCall[];
  /** Messages our server sent, in order, with the id the simulator gave each. */
  sent(): {
    providerMessageId: string;
    to: string;
    text: string | null;
    media: unknown;
    replyTo: string | null;
  }[];
  close(): Promise<void>;
};
