// The set-based SQL that fills one company: attendants, contacts with their channels, segments, schedules,
// events, jokers and threads, and the messages of every conversation, all from generate_series in a handful of
// INSERT ... SELECT statements. Every pseudo-random choice is a hash of the row number, so a size always gives
// the same data. The contact's denormalised queue state (unread count, last message, unanswered since, on
// queue, first response pending) is derived from the same formulas as its messages, so it matches them exactly
// as the ingest service would have left it.
import { ENGLISH, EVENT_TAGS, FIRST, LAST, PORTUGUESE, THREAD_NOTES, type Phrasebook } from './vocabulary.ts';

export type CompanyPlan = {
  companyId: string;
  contacts: number;
  messages: number;
  /** Attendants the company ends with (the seeded `attendant` and `attendant2` count). */
  attendants: number;
  /** The moment the newest message is older than: generation is reproducible for a given `now`. */
  now: Date;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const text = (value: string) => `'${value.replaceAll("'", "''")}'`;
const textArray = (values: readonly string[]) => `array[${values.map(text).join(', ')}]::text[]`;
const pick = (array: string, index: string) => `(${array})[1 + (${index}) % cardinality(${array})]`;

/** A uniform number in [0, 1) per row and salt. */
const uniform = (row: string, salt: number) =>
  `((abs(hashint8((${row})::bigint * 2654435761 + ${salt})) % 1000000) / 1000000.0)`;

/** The message text function: an opening, a subject and a closing of the customer, or an attendant's answer. */
export function textFunctionSql(): string {
  const book = (b: Phrasebook) => ({
    openings: textArray(b.customerOpenings),
    subjects: textArray(b.customerSubjects),
    closings: textArray(b.customerClosings),
    answers: textArray(b.attendantAnswers),
  });
  const pt = book(PORTUGUESE);
  const en = book(ENGLISH);
  const choose = (key: keyof typeof pt) => `case when lang = 1 then ${en[key]} else ${pt[key]} end`;
  return `create or replace function pg_temp.bench_text(lang int, outbound boolean, h bigint) returns text
language sql immutable as $fn$
  select upper(left(t, 1)) || substr(t, 2) from (
    select replace(case when outbound then ${pick(choose('answers'), 'h')}
      else concat_ws(' ',
        nullif(${pick(choose('openings'), 'h')}, ''),
        ${pick(choose('subjects'), 'h / 13')},
        nullif(${pick(choose('closings'), 'h / 251')}, ''))
      end, '{n}', (100000 + (h / 7) % 900000)::text) as t
  ) as composed
$fn$`;
}

/** Statements that fill one company; they expect the company to exist with its demo users and catalogues. */
export function companySql(plan: CompanyPlan): string[] {
  if (!UUID.test(plan.companyId)) throw new Error(`not a company id: ${plan.companyId}`);
  const company = `'${plan.companyId}'::uuid`;
  const now = `'${plan.now.toISOString()}'::timestamptz`;
  const contacts = Math.max(1, Math.floor(plan.contacts));
  const messages = Math.max(contacts, Math.floor(plan.messages));
  const firstNames = textArray(FIRST);
  const lastNames = textArray(LAST);
  const ascii = (column: string) => `lower(translate(${column}, 'áàâãéêíóôõúüçÁÉÍÓÚ', 'aaaaeeiooouucAEIOU'))`;
  const r = (salt: number) => uniform('i', salt);

  return [
    `insert into users (id, company_id, username, name, timezone, role, can_create_contacts, can_send_files,
       can_change_responsible, password_hash)
     select gen_random_uuid(), u.company_id, 'att' || lpad(g::text, 3, '0'),
       ${pick(firstNames, 'g * 7')} || ' ' || ${pick(lastNames, 'g * 11')}, u.timezone, u.role,
       u.can_create_contacts, u.can_send_files, u.can_change_responsible, u.password_hash
     from users u, generate_series(3, ${Math.max(2, plan.attendants)}) g
     where u.company_id = ${company} and u.username = 'attendant'`,

    `drop table if exists bench_people`,
    `create temp table bench_people as select
       (select array_agg(id order by username) from users where company_id = ${company} and role = 'attendant')
         as attendants,
       (select array_agg(id order by position) from wallets where company_id = ${company}) as wallets,
       (select array_agg(id order by position) from jokers where company_id = ${company}) as jokers,
       (select array_agg(id order by position) from event_actions where company_id = ${company}) as actions,
       (select array_agg(name order by position) from event_actions where company_id = ${company})
         as action_names`,

    // One row per contact: its size (most have a few messages, 2 % a few hundred, 0.1 % thousands), channel
    // kind, language, responsible, and how its conversation ends (trailing customer messages, unread or not).
    `drop table if exists bench_plan`,
    `create temp table bench_plan as
     with base as (
       select i, ${r(1)} as r1, ${r(2)} as r2, ${r(3)} as r3, ${r(4)} as r4, ${r(5)} as r5, ${r(6)} as r6,
         ${r(7)} as r7, ${r(8)} as r8, ${r(9)} as r9
       from generate_series(1, ${contacts}) i
     ), sized as (
       select *,
         greatest(1, round((case when i % 1000 = 1 then 1500 when i % 50 = 2 then 60
           else 1 + floor(10 * r1 * r1 * r1) end) * ${messages}::numeric
           / sum(case when i % 1000 = 1 then 1500 when i % 50 = 2 then 60 else 1 + floor(10 * r1 * r1 * r1) end)
             over ()))::int as rounded,
         r4 >= 0.85 as unassigned
       from base
     ), fitted as (
       -- Rounding leaves the total a little off: the long conversations share the difference evenly.
       select *, greatest(1, rounded + case when i % 1000 = 1 then floor(
         (${messages} - sum(rounded) over () + (i / 1000))::numeric / ${Math.floor((contacts + 999) / 1000)})::int
         else 0 end) as n
       from sized
     ), ended as (
       select *,
         least(n, case when (unassigned and r5 < 0.2) or (not unassigned and r5 < 0.55)
           then 1 + floor(r6 * 3)::int else 0 end) as tail_in
       from fitted
     )
     select i, n, tail_in, r2, r3, r8, r9,
       gen_random_uuid() as contact_id,
       gen_random_uuid() as channel_id,
       case when r9 < 0.2 then gen_random_uuid() end as alt_channel_id,
       (case when r2 < 0.45 then 'whatsapp' when r2 < 0.60 then 'chat' when r2 < 0.72 then 'email'
         when r2 < 0.80 then 'instagram_direct' when r2 < 0.86 then 'messenger' when r2 < 0.91 then 'telegram'
         when r2 < 0.95 then 'sms' when r2 < 0.98 then 'voice' else 'viber' end)::channel_kind as kind,
       case when r3 < 0.8 then 0 else 1 end as lang,
       -- Hashed, not i modulo: the flags below use i modulo small numbers and must not pile up on one attendant.
       case when unassigned then null else ${pick('b.attendants', 'abs(hashint8(i::bigint * 40503 + 11))')} end
         as responsible_id,
       ${pick('b.attendants', 'abs(hashint8(i::bigint * 40503 + 12))')} as replier_id,
       case when tail_in > 0 and (unassigned or r7 < 0.5) then tail_in else 0 end as unread,
       -- Waiting customers wrote in the last hours; other conversations ended within two months.
       case when unassigned and tail_in > 0 then ${now} - r8 * interval '8 hours'
         else ${now} - r8 * r8 * interval '60 days' end as last_at,
       (2 + floor(r9 * 30)) * interval '1 minute' as step,
       ${pick(firstNames, 'floor(r1 * 1000000)::int')} as first_name,
       ${pick(lastNames, 'floor(r5 * 1000000)::int')} as last_name,
       case when r6 < 0.5 then ' ' || ${pick(lastNames, 'floor(r7 * 1000000)::int')} else '' end as second_last
     from ended, bench_people b`,

    textFunctionSql(),

    `insert into contacts (id, company_id, name, document, code, protocol, tag, priority, critical, online,
       return_at, joker_id, responsible_id, on_queue, queued_at, chatbot, first_response_pending, unread_count,
       last_message_at, last_message_text, last_message_direction, last_message_channel, unanswered_since,
       last_event, last_event_at, main_channel_kind, created_at, updated_at)
     select p.contact_id, ${company}, p.first_name || ' ' || p.last_name || p.second_last,
       case when p.r3 < 0.4 then lpad((abs(hashint8(p.i::bigint * 31)) % 100000000000)::text, 11, '0') end,
       case when p.i % 2 = 0 then 'CL' || lpad(p.i::text, 7, '0') end,
       case when p.i % 10 < 3 then to_char(p.last_at, 'YYYYMMDD') || lpad(p.i::text, 7, '0') end,
       case when p.i % 10 = 9 then ${pick(textArray(EVENT_TAGS), 'p.i / 10')} end,
       case when p.r2 * 7 % 1 < 0.2 then 0 when p.r2 * 7 % 1 < 0.85 then 1 else 2 end,
       false, p.i % 33 = 8,
       case when p.i % 40 = 3 then ${now} + (p.i % 14) * interval '1 day' + (p.i % 9) * interval '1 hour' end,
       case when p.i % 33 = 0 and cardinality(b.jokers) > 0 then ${pick('b.jokers', 'p.i')} end,
       p.responsible_id,
       p.responsible_id is null and p.tail_in > 0,
       case when p.responsible_id is null and p.tail_in > 0 then p.last_at - (p.tail_in - 1) * p.step end,
       p.responsible_id is null and p.tail_in > 0 and p.i % 40 = 1,
       p.n <= p.tail_in,
       p.unread,
       p.last_at,
       left(pg_temp.bench_text(p.lang, p.tail_in = 0, abs(hashint8(p.i::bigint * 1000003 + p.n))), 280),
       (case when p.tail_in > 0 then 'in' else 'out' end)::message_direction,
       p.kind,
       case when p.tail_in > 0 then p.last_at - (p.tail_in - 1) * p.step end,
       case when p.i % 10 = 4 then ${pick('b.action_names', 'p.i + 1 + p.i % 3')} end,
       case when p.i % 10 = 4 then p.last_at end,
       p.kind,
       p.last_at - p.n * p.step - interval '1 day',
       p.last_at
     from bench_plan p, bench_people b`,

    // Critical as the company's rule judges it (migration 0027), as a live system keeps it: left random, the
    // server's first critical sweep flags a couple of thousand contacts during the measured run.
    `update contacts set critical = atende_critical_by_rule(company_id, unanswered_since, priority)
     where company_id = ${company}`,

    // The main channel of each contact and, for a fifth of them, an alternative one.
    `insert into contact_channels (id, company_id, contact_id, kind, address, address_digits_reversed, main,
       output_line_id, blacklisted, blacklist_reason, created_at, updated_at)
     select c.id, ${company}, c.contact_id, c.kind, c.address,
       case when c.kind in ('whatsapp', 'sms', 'voice', 'viber') then reverse(c.address) end,
       c.main,
       (select a.id from channel_accounts a where a.company_id = ${company} and a.kind = c.kind
         order by a.created_at limit 1),
       c.main and c.i % 500 = 7,
       case when c.main and c.i % 500 = 7 then 'Pediu para não receber mensagens' end,
       c.created_at, c.created_at
     from (
       select p.i, ch.id, p.contact_id, ch.kind, ch.main, p.last_at - p.n * p.step as created_at,
         case
           when ch.kind in ('whatsapp', 'sms', 'voice', 'viber')
             then '55' || (11 + p.i % 89)::text || '9' || lpad((p.i % 100000000)::text, 8, '0')
           when ch.kind = 'email'
             then ${ascii('p.first_name')} || '.' || ${ascii('p.last_name')} || p.i || '@exemplo.com.br'
           when ch.kind = 'chat' then 'visitante-' || lpad(to_hex(p.i), 6, '0')
           else (1000000000 + p.i)::text
         end as address
       from bench_plan p
       cross join lateral (
         select p.channel_id as id, p.kind, true as main
         union all
         select p.alt_channel_id,
           (case when p.kind = 'whatsapp' then 'email' else 'whatsapp' end)::channel_kind, false
         where p.alt_channel_id is not null
       ) ch
     ) c`,

    // The conversations: trailing customer messages as planned, the attendant's answer before them, and an
    // exchange of both sides before that.
    `insert into messages (id, company_id, contact_id, contact_channel_id, kind, direction, sender_user_id, text,
       subject, provider_message_id, status, failure_reason, read_at, created_at, updated_at)
     select gen_random_uuid(), ${company}, m.contact_id, m.channel_id, m.kind, m.direction,
       case when m.direction = 'out' then m.sender end,
       pg_temp.bench_text(m.lang, m.direction = 'out', m.h),
       case when m.kind = 'email' then 'Atendimento ' || (100000 + (m.h / 7) % 900000)::text end,
       case when m.direction = 'in' then 'bench-' || m.i || '-' || m.k end,
       (case when m.direction = 'in' then 'received' when m.h % 200 = 0 then 'failed'
         when m.k >= m.n - 1 then 'delivered' else 'read' end)::message_status,
       case when m.direction = 'out' and m.h % 200 = 0 then 'Destinatário indisponível' end,
       case when m.direction = 'in' and m.k <= m.n - m.unread then m.at + interval '2 minutes' end,
       m.at, m.at
     from (
       select p.i, k, p.n, p.unread, p.contact_id, p.channel_id, p.kind, p.lang,
         coalesce(p.responsible_id, p.replier_id) as sender,
         abs(hashint8(p.i::bigint * 1000003 + k)) as h,
         (case when k > p.n - p.tail_in then 'in' when k = p.n - p.tail_in then 'out'
           when abs(hashint8(p.i::bigint * 7 + k * 13)) % 100 < 55 then 'in' else 'out' end)::message_direction
           as direction,
         p.last_at - (p.n - k) * p.step as at
       from bench_plan p cross join lateral generate_series(1, p.n) k
     ) m`,

    `insert into contact_wallets (company_id, contact_id, wallet_id)
     select ${company}, p.contact_id, ${pick('b.wallets', 'p.i')}
     from bench_plan p, bench_people b where p.r8 * 13 % 1 < 0.6 and cardinality(b.wallets) > 0`,

    `insert into user_wallets (company_id, user_id, wallet_id)
     select distinct ${company}, a.id, (b.wallets)[1 + (a.n + w) % cardinality(b.wallets)]
     from bench_people b, unnest(b.attendants) with ordinality as a(id, n), generate_series(0, 1) w
     where cardinality(b.wallets) > 0 and (w = 0 or a.n % 3 = 0)
     on conflict do nothing`,

    // Pending returns (their time is the contact's return_at) and finished ones.
    `insert into schedules (id, company_id, contact_id, user_id, scheduled_at, annotation, done_at, created_at,
       updated_at)
     select gen_random_uuid(), ${company}, p.contact_id, coalesce(p.responsible_id, p.replier_id),
       case when p.i % 40 = 3 then ${now} + (p.i % 14) * interval '1 day' + (p.i % 9) * interval '1 hour'
         else p.last_at - interval '1 day' end,
       'Retornar sobre o pedido ' || (100000 + p.i % 900000)::text,
       case when p.i % 40 = 23 then p.last_at - interval '1 day' end,
       p.last_at - interval '2 days', p.last_at - interval '2 days'
     from bench_plan p where p.i % 40 in (3, 23)`,

    `insert into contact_events (id, company_id, contact_id, action_id, description, amount_cents, responsible_id,
       occurred_at, created_by, created_at)
     select gen_random_uuid(), ${company}, p.contact_id, ${pick('b.actions', 'p.i + e')},
       ${pick('b.action_names', 'p.i + e')}, case when e % 2 = 1 then (p.i % 100000) * 10 end,
       coalesce(p.responsible_id, p.replier_id),
       p.last_at - (1 + p.i % 3 - e) * interval '1 day', coalesce(p.responsible_id, p.replier_id),
       p.last_at - (1 + p.i % 3 - e) * interval '1 day'
     from bench_plan p, bench_people b, generate_series(1, 1 + p.i % 3) e
     where p.i % 10 = 4 and cardinality(b.actions) > 0`,

    `insert into threads (id, company_id, contact_id, name, privacy, author_id, messages_count, last_activity_at,
       created_at, updated_at)
     select gen_random_uuid(), ${company}, p.contact_id, 'Negociação ' || p.i,
       (case when p.i % 200 = 5 then 'private' else 'public' end)::thread_privacy,
       coalesce(p.responsible_id, p.replier_id), 3, p.last_at, p.last_at - interval '1 hour', p.last_at
     from bench_plan p where p.i % 100 = 5`,

    `insert into thread_messages (id, company_id, thread_id, author_id, text, created_at)
     select gen_random_uuid(), t.company_id, t.id, t.author_id, ${pick(textArray(THREAD_NOTES), 'k + length(t.name)')},
       t.created_at + k * interval '10 minutes'
     from threads t, generate_series(1, 3) k where t.company_id = ${company}`,

    `drop table bench_plan`,
    `drop table bench_people`,
  ];
}
