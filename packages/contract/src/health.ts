// Health probe used by load balancers and the /health-check page.
import { z } from 'zod';

export const Health = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['up', 'down']),
  version: z.string(),
  uptime_seconds: z.number(),
});
export type Health = z.infer<typeof Health>;
