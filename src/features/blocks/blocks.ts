/** Someone a donor blocked, as their blocked list shows them. */
export interface BlockedPerson {
	id: string;
	name: string;
	avatar: string | null;
	blockedAt: string;
}
