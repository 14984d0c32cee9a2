import type { Message } from '@atende/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachments, contactChannels, contacts, users } from '../../db/schema/index.ts';
import { createUrlSigner } from '../../platform/signed-urls.ts';
import { fileResource } from './presenter.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  injectAs,
  makeActor,
  makeContact,
  multipartBody,
  SAMPLE_OGG_OPUS,
  SAMPLE_PNG,
  type Actor,
} from '../../../test/factories.ts';

let t: TestApp;
let me: Actor;
let contactId: string;

const PNG = SAMPLE_PNG;
const OGG_OPUS = SAMPLE_OGG_OPUS;
const EXE = Buffer.concat([Buffer.from('4d5a90000300000004000000ffff0000', 'hex'), Buffer.alloc(64)]);

beforeAll(async () => {
  t = await createTestApp();
  me = await makeActor(t.app, t.database.db, 'attendant');
  contactId = (await makeContact(t.database.db, me.company, { responsibleId: me.user.id })).id;
});
afterAll(() => t.close());

const upload = (
  parts: Parameters<typeof multipartBody>[0],
  route = 'file',
  actor: Actor = me,
  to = contactId,
) => {
  const body = multipartBody(parts);
  return injectAs(t.app, actor, { method: 'POST', url: `/api/conversation/${to}/${route}`, ...body });
};
const file = (data: Buffer, filename: string, type: string) => ({ name: 'file', filename, type, data });

describe('signed file addresses', () => {
  const HOUR = 3_600_000;
  const sendImage = async (to = contactId): Promise<Message> =>
    (await upload([file(PNG, 'foto.png', 'image/png')], 'file', me, to)).json();
  const signedAt = (attachmentId: string, now: number) =>
    `/api/files/${attachmentId}?${createUrlSigner(t.config.jwtSecret, t.config.fileUrlTtlMs).sign(fileResource(attachmentId), now)}`;

  it('carry an expiry a lifetime ahead, rounded so the address stays the same for a while', async () => {
    expect(t.config.fileUrlTtlMs).toBe(4 * HOUR);
    const { url } = (await sendImage()).attachments[0]!;
    const exp = Number(new URL(url, 'http://x').searchParams.get('exp')) * 1000;
    expect(exp).toBeGreaterThanOrEqual(Date.now() + 4 * HOUR - 60_000);
    expect(exp).toBeLessThanOrEqual(Date.now() + 5 * HOUR);
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    // The browser keeps it while the address works, not a year.
    const maxAge = Number(/max-age=(\d+)/.exec(served.headers['cache-control'] as string)![1]);
    expect(maxAge * 1000).toBeLessThanOrEqual(exp - Date.now() + 1000);
    expect(maxAge * 1000).toBeGreaterThan(4 * HOUR - 60_000);

    const signer = createUrlSigner('secret', 4 * HOUR);
    const bucketStart = Math.ceil(Date.now() / HOUR) * HOUR;
    expect(signer.sign('file:1', bucketStart + 1)).toBe(signer.sign('file:1', bucketStart + HOUR - 1));
    expect(signer.sign('file:1', bucketStart + HOUR + 1)).not.toBe(signer.sign('file:1', bucketStart + 1));
  });

  it('refuse an expired address with 410 file_url_expired, and a tampered expiry with 404', async () => {
    const { id, url } = (await sendImage()).attachments[0]!;
    const expired = await t.app.inject({ method: 'GET', url: signedAt(id, Date.now() - 5 * HOUR) });
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toEqual({
      code: 'file_url_expired',
      message: 'Este link do arquivo expirou. Recarregue a página para obter um novo.',
    });
    const exp = Number(new URL(url, 'http://x').searchParams.get('exp'));
    const extended = url.replace(`exp=${exp}`, `exp=${exp + 365 * 24 * 3600}`);
    expect((await t.app.inject({ method: 'GET', url: extended })).statusCode).toBe(404);
    const noExpiry = url.replace(/exp=\d+&/, '');
    expect((await t.app.inject({ method: 'GET', url: noExpiry })).statusCode).toBe(400);
  });

  it('stop serving the files of a deleted contact, even at an address handed out before', async () => {
    const gone = await makeContact(t.database.db, me.company, { responsibleId: me.user.id });
    const { url } = (await sendImage(gone.id)).attachments[0]!;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    await t.database.db.delete(contacts).where(eq(contacts.id, gone.id));
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });
});

describe('sending files', () => {
  it('answers a cut-off upload (no closing boundary) with upload_incomplete and stores nothing', async () => {
    const before = await t.database.db.select({ id: attachments.id }).from(attachments);
    const whole = multipartBody([file(PNG, 'foto.png', 'image/png'), { name: 'caption', value: 'x' }]);
    const cut = whole.payload.subarray(0, whole.payload.length - 30);
    for (const route of ['file', 'messages/mail']) {
      const response = await injectAs(t.app, me, {
        method: 'POST',
        url: `/api/conversation/${contactId}/${route}`,
        headers: whole.headers,
        payload: cut,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'upload_incomplete' });
    }
    expect(await t.database.db.select({ id: attachments.id }).from(attachments)).toEqual(before);
  });

  it('sends an image with a caption, served by a signed URL without a token', async () => {
    const response = await upload([
      file(PNG, 'foto.png', 'image/png'),
      { name: 'caption', value: 'Segue o comprovante' },
    ]);
    expect(response.statusCode).toBe(201);
    const message: Message = response.json();
    expect(message.text).toBe('Segue o comprovante');
    expect(message.attachments).toEqual([
      expect.objectContaining({
        kind: 'image',
        filename: 'foto.png',
        content_type: 'image/png',
        size: PNG.length,
      }),
    ]);
    const served = await t.app.inject({ method: 'GET', url: message.attachments[0]!.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['content-disposition']).toBe("inline; filename*=UTF-8''foto.png");
    expect(served.rawPayload.equals(PNG)).toBe(true);
    const forged = message.attachments[0]!.url.replace(/sig=.*/, `sig=${'B'.repeat(32)}`);
    expect((await t.app.inject({ method: 'GET', url: forged })).statusCode).toBe(404);
    const items = (
      await injectAs(t.app, me, { method: 'GET', url: `/api/conversation/${contactId}/items` })
    ).json();
    expect(items.data[0].message.attachments[0].id).toBe(message.attachments[0]!.id);
  });

  it('judges the type by content: a PNG named .pdf is an image, an executable named .pdf is refused', async () => {
    const renamed: Message = (await upload([file(PNG, 'contrato.pdf', 'application/pdf')])).json();
    expect(renamed.attachments[0]).toMatchObject({ kind: 'image', content_type: 'image/png' });
    const exe = await upload([file(EXE, 'contrato.pdf', 'application/pdf')]);
    expect(exe.json()).toEqual({
      code: 'file_type_not_allowed',
      message: 'Este tipo de arquivo não é aceito.',
    });
    const text: Message = (
      await upload([file(Buffer.from('nome;valor\nAna;10\n'), 'dados.csv', 'text/csv')])
    ).json();
    expect(text.attachments[0]).toMatchObject({ kind: 'document', content_type: 'text/csv' });
  });

  it('refuses a second file, a missing file and files a channel cannot carry', async () => {
    const two = await upload([file(PNG, 'a.png', 'image/png'), file(PNG, 'b.png', 'image/png')]);
    expect(two.json()).toEqual({ code: 'too_many_files', message: 'Envie um arquivo por vez.' });
    expect((await upload([{ name: 'caption', value: 'sem arquivo' }])).json().code).toBe('file_required');
    const voice = await makeContact(t.database.db, me.company, {
      responsibleId: me.user.id,
      channel: { kind: 'voice' },
    });
    const onVoice = await upload([file(PNG, 'a.png', 'image/png')], 'file', me, voice.id);
    expect(onVoice.json()).toEqual({
      code: 'channel_no_media',
      message: 'Este canal não aceita arquivos deste tipo.',
    });
  });

  it('applies the channel size limit (WhatsApp images: 5 MB)', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const response = await upload([file(big, 'grande.png', 'image/png')]);
    expect(response.json()).toEqual({
      code: 'file_too_large',
      message: 'O arquivo é maior que o limite de 5 MB deste canal.',
    });
  });

  it('requires the send_files permission', async () => {
    const limited = await makeActor(t.app, t.database.db, 'attendant', me.company);
    await t.database.db.update(users).set({ canSendFiles: false }).where(eq(users.id, limited.user.id));
    const own = await makeContact(t.database.db, me.company, { responsibleId: limited.user.id });
    expect((await upload([file(PNG, 'a.png', 'image/png')], 'file', limited, own.id)).statusCode).toBe(403);
  });

  it('sends a voice recording on the audio route, which takes audio only', async () => {
    const voice = await upload([file(OGG_OPUS, 'gravacao.ogg', 'audio/ogg; codecs=opus')], 'audio');
    expect(voice.statusCode).toBe(201);
    expect(voice.json().attachments[0]).toMatchObject({ kind: 'audio', content_type: 'audio/ogg' });
    expect((await upload([file(PNG, 'a.png', 'image/png')], 'audio')).json().code).toBe(
      'file_type_not_allowed',
    );
  });

  it('a refused send leaves no file behind', async () => {
    const { readdir } = await import('node:fs/promises');
    const stored = () => readdir(`${t.config.dataDir}/files/attachments/${me.company.id}`);
    await upload([file(PNG, 'a.png', 'image/png')]);
    const before = (await stored()).length;
    await t.database.db
      .update(contactChannels)
      .set({ blacklisted: true })
      .where(eq(contactChannels.contactId, contactId));
    const blocked = await upload([file(PNG, 'a.png', 'image/png')]);
    expect(blocked.json().code).toBe('channel_blacklisted');
    expect((await stored()).length).toBe(before);
    await t.database.db
      .update(contactChannels)
      .set({ blacklisted: false })
      .where(eq(contactChannels.contactId, contactId));
  });

  it('the same upload sent twice at once (same client_id) stores one message and one file', async () => {
    const { readdir } = await import('node:fs/promises');
    const stored = () => readdir(`${t.config.dataDir}/files/attachments/${me.company.id}`);
    const before = (await stored()).length;
    const parts = [file(PNG, 'dup.png', 'image/png'), { name: 'client_id', value: 'upload-dup-0001' }];
    const [a, b] = await Promise.all([upload(parts), upload(parts)]);
    expect(a.json().id).toBe(b.json().id);
    expect((await stored()).length).toBe(before + 1);
  });
});
