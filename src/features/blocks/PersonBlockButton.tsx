import { withTranslations } from '~/lib/i18n/island';
import type { IslandI18nProps } from '~/lib/i18n/island';
import { BlockButton } from './BlockButton';

interface PersonBlockButtonProps extends IslandI18nProps {
	userId: string;
	name: string;
	blocked: boolean;
}

/** The block button of a public profile, an island of its own (the request lists embed theirs). */
export const PersonBlockButton = withTranslations(
	({ userId, name, blocked }: PersonBlockButtonProps) => (
		<BlockButton userId={userId} name={name} blocked={blocked} />
	),
);
