// Health of the running app: build id and backend. Used by monitoring and new-version detection.
import 'server-only';
import { publicProcedure, router } from '@/server/trpc/init';
import { BUILD_ID } from '@/server/build-info';
import { HealthStatus } from './health.schema';

export const healthRouter = router({
  check: publicProcedure.output(HealthStatus).query(({ ctx }) => ({
    status: 'ok' as const,
    buildId: BUILD_ID,
    backend: ctx.backend,
    time: new Date(),
  })),
});
