/**
 * Needs as their lists show them (docs/product-rules.md#need-lists): a need's card and a page of
 * them. Browser-safe: no Node imports.
 */
import type { z } from 'zod/mini';
import type { needCardSchema, needListSchema } from './need-lists.routes';

/** Page size of need lists (fits 1 to 4 columns) and the largest page a client may ask for. */
export const needPageSize = 12;
export const needPageSizeMax = 48;

/** How many urgent needs the home page shows near a signed-in visitor: one row of four. */
export const urgentNearYouCount = 4;

/** What a list shows of a need. */
export type NeedCard = z.output<typeof needCardSchema>;

/** One page of needs with the list's page facts. */
export type NeedList = z.output<typeof needListSchema>;
