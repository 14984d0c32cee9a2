// Customer messages for the traffic simulator: returning customers from a fixed pool and new ones, over the
// channel kinds a customer can write from (or on the kind asked for).
import type { ChannelKind } from '@atende/contract';
import { CUSTOMER, DDD, FIRST, LAST, random } from './vocabulary.ts';
import type { SimulatedInbound } from './control.ts';

const WRITABLE: ChannelKind[] = [
  'whatsapp',
  'whatsapp',
  'whatsapp',
  'chat',
  'email',
  'telegram',
  'instagram_direct',
  'messenger',
  'sms',
  'viber',
];
const RETURNING = 30;

export function simulatedTraffic(company: string, seed = Date.now()) {
  const next = random(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const stable = random(42);
  const regulars = Array.from({ length: RETURNING }, (_, i) => ({
    name: `${FIRST[Math.floor(stable() * FIRST.length)]} ${LAST[Math.floor(stable() * LAST.length)]}`,
    phone: `55${DDD[i % DDD.length]}9${String(Math.floor(stable() * 1e8)).padStart(8, '0')}`,
  }));
  let sequence = 0;
  return (forcedKind?: ChannelKind): SimulatedInbound => {
    sequence += 1;
    const regular = next() < 0.5;
    const person = regular
      ? pick(regulars)
      : {
          name: `${pick(FIRST)} ${pick(LAST)}`,
          phone: `55${pick(DDD)}9${String(Math.floor(next() * 1e8)).padStart(8, '0')}`,
        };
    const kind = forcedKind ?? (regular ? 'whatsapp' : pick(WRITABLE));
    const address =
      kind === 'email'
        ? `${person.name.split(' ').join('.')}@exemplo.com.br`
            .normalize('NFD')
            .replace(/[\u0300-\u036f]/g, '')
            .toLowerCase()
        : ['whatsapp', 'sms', 'voice', 'viber'].includes(kind)
          ? person.phone
          : `sim-${person.phone}`;
    return {
      company,
      kind,
      address,
      name: person.name,
      text: pick(CUSTOMER),
      provider_message_id: `sim-${seed}-${sequence}`,
    };
  };
}
