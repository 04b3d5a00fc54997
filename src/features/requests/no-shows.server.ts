import { type SQL, sql } from 'drizzle-orm';
import { noShowDisputes } from '~/server/db/schema';

/**
 * Whether the no-show of the request `requestId` names (`past.id`, say) still counts: every one
 * does, disputed or not, until a moderator strikes it (docs/product-rules.md#no-show-disputes).
 */
export function noShowStands(requestId: SQL): SQL {
	return sql`not exists (select 1 from ${noShowDisputes}
		where ${noShowDisputes.requestId} = ${requestId} and ${noShowDisputes.decision} = 'struck')`;
}
