// migrations/{name}: which version of a one-time rebuild this database has had (the public events'
// mirror, the lounge's): shared by the features that rebuild, so it belongs to none of them.
import { z } from 'zod';
import { defineCollection } from './port';

export const Migrations = defineCollection('migrations', z.object({ version: z.number().int(), at: z.date() }));
