// POST /api/user/avatar (multipart, one image: the cropped profile photo), in a scope of its own so the multipart
// parser and its 3 MB limit apply to this route only.
import { AVATAR_MAX_BYTES, User } from '@atende/contract';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { tenantContext } from '../../platform/auth.ts';
import { responses, typed } from '../../platform/http.ts';
import { readUpload } from '../../platform/multipart.ts';
import type { UrlSigner } from '../../platform/signed-urls.ts';
import { avatarTooLarge, resizeAvatar } from './avatar.ts';
import { presentUser } from './presenter.ts';
import type { UserService } from './service.ts';

export async function avatarRoutes(app: FastifyInstance, users: UserService, urls: UrlSigner): Promise<void> {
  // One byte past the limit is read, so 3 MB + 1 is told apart from 3 MB exactly.
  await app.register(multipart, { limits: { files: 1, fileSize: AVATAR_MAX_BYTES, fields: 0, parts: 1 } });
  typed(app).post(
    '/api/user/avatar',
    { schema: { tags: ['user'], consumes: ['multipart/form-data'], response: responses(User) } },
    async (request) => {
      const { file } = await readUpload(request, z.object({})).catch((error: unknown) => {
        throw (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' ? avatarTooLarge() : error;
      });
      const images = await resizeAvatar(file);
      const { user, company } = await users.putAvatar(tenantContext(request), images);
      return presentUser(user, company, urls);
    },
  );
}
