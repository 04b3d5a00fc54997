import { isProfileComplete } from '~/lib/profile-completeness';
import { mediaUrl } from '~/server/storage';

/** What the navigation shows of the signed-in user. */
export interface NavUser {
	name: string;
	email: string;
	avatarUrl: string | null;
	isComplete: boolean;
	/** A moderator's menu links to the moderation desk; nobody else's does. */
	isModerator: boolean;
}

/** The navigation's view of a user row; `isModerator` as the server decided it. */
export function navUser(
	user: {
		name: string | null;
		email: string | null;
		phone: string | null;
		address: string | null;
		areaId: string | null;
		avatarKey: string | null;
	},
	isModerator = false,
): NavUser {
	return {
		name: user.name ?? user.email ?? '',
		email: user.email ?? '',
		avatarUrl: mediaUrl(user.avatarKey),
		isComplete: isProfileComplete(user),
		isModerator,
	};
}
