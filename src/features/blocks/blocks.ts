import type { z } from 'zod/mini';
import type { blockedPersonSchema } from './blocks.routes';

/** Someone the caller blocked, as their blocked list shows them. */
export type BlockedPerson = z.output<typeof blockedPersonSchema>;
