// The company's white-label, changed in the Center by its administrators: the two theme colours, the product
// name and the files (logos, favicon). Stored in companies.branding, which GET /api/resources reads on every
// request, so the login page and the console show a change on their next load. Files live in file storage
// under a random key drawn for each upload: their public URL names neither the company (the login page shows
// it before anyone signs in) nor anything guessable, and changes with the file, so it can be cached for good.
// Each change is written to the audit log, field by field, with what it was and became.
import { randomBytes } from 'node:crypto';
import { DEFAULT_BRANDING, type BrandFile, type BrandingSettings } from '@atende/contract';
import { and, eq, sql } from 'drizzle-orm';
import { companies, users } from '../../db/schema/index.ts';
import type { TenantContext } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import { notFound } from '../../platform/errors.ts';
import type { FileStorage } from '../../platform/storage.ts';
import { recordAuditEvent } from '../audit/service.ts';
import { findCompanyById } from '../companies/service.ts';
import type { BrandFileData } from './files.ts';
import { brandFileUrl, ownFileName } from './presenter.ts';

export type BrandingDeps = { db: Db; storage: FileStorage };
export type BrandingService = ReturnType<typeof brandingService>;

/** Where a file is kept: the same path as its public address, under `branding/`. */
const storageKey = (name: string) => `branding/${name}`;

/** A file's public name: its kind, a key of 128 random bits and its type. */
export const BRAND_FILE_NAME = /^[a-z_]{4,30}\.[0-9a-f]{32}\.(png|svg)$/;
/** The name a file had before (its content's hash), under `branding/<company id>/`. */
export const LEGACY_BRAND_FILE_NAME = /^[a-z_]{4,30}\.[0-9a-f]{16}\.(png|svg)$/;
const fileName = (kind: BrandFile, extension: string) =>
  `${kind}.${randomBytes(16).toString('hex')}.${extension}`;

/** `<company id>/<legacy name>`, as files uploaded before random names were addressed. */
const isLegacyName = (name: string) => {
  const [companyId, file, ...rest] = name.split('/');
  return (
    rest.length === 0 && /^[0-9a-f-]{36}$/.test(companyId ?? '') && LEGACY_BRAND_FILE_NAME.test(file ?? '')
  );
};

type Actor = { ctx: TenantContext; clientIp: string };

export function brandingService(deps: BrandingDeps) {
  async function current(ctx: TenantContext) {
    const company = await findCompanyById(ctx.db, ctx.companyId);
    if (!company) throw notFound();
    return company.branding;
  }

  /** The subject is who did it (the log's account column, as for throttled logins); the details say what. */
  async function audit({ ctx, clientIp }: Actor, field: string, from: unknown, to: unknown) {
    const [actor] = await ctx.db
      .select({ username: users.username })
      .from(users)
      .where(and(eq(users.companyId, ctx.companyId), eq(users.id, ctx.userId)));
    await recordAuditEvent(ctx.db, {
      companyId: ctx.companyId,
      kind: 'branding_changed',
      actorUserId: ctx.userId,
      subject: actor?.username ?? null,
      clientIp,
      details: {
        field,
        from: typeof from === 'string' ? from : null,
        to: typeof to === 'string' ? to : null,
      },
    });
  }

  /** Merges into the stored branding in one statement, so two changes at once lose neither. */
  const merge = (ctx: TenantContext, patch: Record<string, string>) =>
    ctx.db
      .update(companies)
      .set({ branding: sql`${companies.branding} || ${JSON.stringify(patch)}::jsonb`, updatedAt: new Date() })
      .where(eq(companies.id, ctx.companyId));

  /** The replaced file, unless it is the product's own or the same content uploaded again. */
  async function removeStored(previous: string | undefined) {
    const name = ownFileName(previous);
    if (name && (BRAND_FILE_NAME.test(name) || isLegacyName(name)))
      await deps.storage.remove(storageKey(name));
  }

  return {
    /** The company's own choices (the presenter fills in the product's defaults). */
    get: current,

    async saveSettings(actor: Actor, input: BrandingSettings) {
      const before = { ...DEFAULT_BRANDING, ...(await current(actor.ctx)) };
      await merge(actor.ctx, input);
      for (const field of ['color_light', 'color_dark', 'product_name'] as const) {
        if (before[field] !== input[field]) await audit(actor, field, before[field], input[field]);
      }
    },

    /** Stores the file, points the branding at it, then removes the one it replaces. */
    async putFile(actor: Actor, kind: BrandFile, file: BrandFileData) {
      const { ctx } = actor;
      const previous = (await current(ctx))[kind];
      const name = fileName(kind, file.extension);
      await deps.storage.put(storageKey(name), file.data);
      const url = brandFileUrl(name);
      await merge(ctx, { [kind]: url });
      await removeStored(previous);
      await audit(actor, kind, previous ?? null, url);
    },

    /** Back to the product's file. */
    async removeFile(actor: Actor, kind: BrandFile) {
      const { ctx } = actor;
      const previous = (await current(ctx))[kind];
      if (previous === undefined) return;
      await ctx.db
        .update(companies)
        .set({ branding: sql`${companies.branding} - ${kind}::text`, updatedAt: new Date() })
        .where(eq(companies.id, ctx.companyId));
      await removeStored(previous);
      await audit(actor, kind, previous, null);
    },

    /** A stored file by its public name, for anyone (the login page loads logos before sign-in). */
    async open(name: string) {
      const stream = await deps.storage.open(storageKey(name));
      if (!stream) throw notFound();
      return stream;
    },
  };
}
