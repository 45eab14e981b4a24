import 'server-only';
import { z } from 'zod';

export const HealthStatus = z.object({
  status: z.literal('ok'),
  buildId: z.string().min(1),
  backend: z.enum(['embedded', 'firebase']),
  time: z.date(),
});
export type HealthStatus = z.infer<typeof HealthStatus>;
