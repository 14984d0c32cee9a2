// The Center's white-label: GET/PUT /api/center/branding (colours, product name), POST/DELETE
// /api/center/branding/:kind (a logo or the favicon, multipart, one file), for administrators only; and
// GET /api/branding/:name, where the login page loads the files from before anyone signs in.
import { BRAND_FILE_MAX_BYTES, BrandFile, BrandingSettings, CenterBranding, Id } from '@atende/contract';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { tenantContext } from '../../platform/auth.ts';
import { responses, typed } from '../../platform/http.ts';
import { readUpload } from '../../platform/multipart.ts';
import { BRAND_FILE_TYPES, brandFileTooLarge, inspectBrandFile } from './files.ts';
import { presentCenterBranding } from './presenter.ts';
import { BRAND_FILE_NAME, LEGACY_BRAND_FILE_NAME, type BrandingService } from './service.ts';

/** An SVG opened on its own is a document: it may load nothing and run nothing, whatever it holds. */
const SVG_POLICY = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

export async function brandingRoutes(app: FastifyInstance, branding: BrandingService): Promise<void> {
  await app.register(multipart, {
    limits: { files: 1, fileSize: BRAND_FILE_MAX_BYTES.logo + 1, fields: 0, parts: 1 },
  });
  const r = typed(app);
  const tags = ['center'];
  const config = { ability: 'branding.manage' } as const;
  const KindParams = z.object({ kind: BrandFile });
  const actor = (request: FastifyRequest) => ({ ctx: tenantContext(request), clientIp: request.ip });
  const present = async (request: FastifyRequest) => {
    return presentCenterBranding(await branding.get(tenantContext(request)));
  };

  r.get('/api/center/branding', { config, schema: { tags, response: responses(CenterBranding) } }, present);
  r.put(
    '/api/center/branding',
    { config, schema: { tags, body: BrandingSettings, response: responses(CenterBranding) } },
    async (request) => {
      await branding.saveSettings(actor(request), request.body);
      return present(request);
    },
  );
  r.post(
    '/api/center/branding/:kind',
    {
      config,
      schema: {
        tags,
        params: KindParams,
        consumes: ['multipart/form-data'],
        response: responses(CenterBranding),
      },
    },
    async (request) => {
      const { kind } = request.params;
      // Past the largest file taken the parser stops reading; the answer names this kind's own limit.
      const { file } = await readUpload(request, z.object({})).catch((error: unknown) => {
        throw (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE'
          ? brandFileTooLarge(kind)
          : error;
      });
      const checked = await inspectBrandFile(kind, file);
      await branding.putFile(actor(request), kind, checked);
      return present(request);
    },
  );
  r.delete(
    '/api/center/branding/:kind',
    { config, schema: { tags, params: KindParams, response: responses(CenterBranding) } },
    async (request) => {
      await branding.removeFile(actor(request), request.params.kind);
      return present(request);
    },
  );

  const sendFile = async (reply: FastifyReply, key: string, name: string) => {
    const stream = await branding.open(key);
    const extension = name.endsWith('.svg') ? 'svg' : 'png';
    if (extension === 'svg') reply.header('content-security-policy', SVG_POLICY);
    return reply
      .header('cache-control', 'public, max-age=31536000, immutable')
      .type(BRAND_FILE_TYPES[extension])
      .send(stream);
  };

  // Public: the login page shows these before sign-in. The name is drawn anew for every upload, so a changed
  // file has a new address and this one may be kept for good.
  r.get(
    '/api/branding/:name',
    {
      config: { public: true },
      schema: { tags, params: z.object({ name: z.string().regex(BRAND_FILE_NAME) }) },
    },
    (request, reply) => sendFile(reply, request.params.name, request.params.name),
  );
  // Files uploaded before random names were stored under the company and named by their hash: still served, so
  // an existing logo keeps showing until its company uploads it again (which moves it to a random name).
  r.get(
    '/api/branding/:companyId/:name',
    {
      config: { public: true },
      schema: {
        hide: true,
        params: z.object({ companyId: Id, name: z.string().regex(LEGACY_BRAND_FILE_NAME) }),
      },
    },
    (request, reply) =>
      sendFile(reply, `${request.params.companyId}/${request.params.name}`, request.params.name),
  );
}
