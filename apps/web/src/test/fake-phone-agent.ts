// The softphone's SIP agent faked at its boundary (the store's PhoneAgent): every action recorded, no call
// placed unless a test says how its `call` behaves.
import { vi } from 'vitest';
import type { PhoneAgent } from '../features/softphone/phone-store.ts';

export const fakePhoneAgent = (call: PhoneAgent['call'] = async () => null) =>
  ({
    call: vi.fn(call),
    answer: vi.fn(async () => undefined),
    reject: vi.fn(),
    hangup: vi.fn(),
    mute: vi.fn(),
    hold: vi.fn(),
    dtmf: vi.fn(),
    transfer: vi.fn(),
    stop: vi.fn(),
  }) satisfies PhoneAgent;
