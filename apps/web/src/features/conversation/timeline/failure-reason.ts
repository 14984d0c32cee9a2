// Why a message was not delivered, in words: the reasons the product states itself arrive as codes
// (DELIVERY_FAILURE_CODES) and are translated; a provider's own words (an SMTP reply, an API error) are shown
// as they came.
import { DELIVERY_FAILURE_CODES } from '@atende/contract';
import type { TFunction } from 'i18next';

type FailureCode = (typeof DELIVERY_FAILURE_CODES)[number];

const isFailureCode = (reason: string): reason is FailureCode =>
  (DELIVERY_FAILURE_CODES as readonly string[]).includes(reason);

export const failureReasonText = (reason: string, t: TFunction): string =>
  isFailureCode(reason) ? t(`failureReasons.${reason}`) : reason;
