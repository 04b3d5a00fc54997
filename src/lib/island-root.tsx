import { QueryClientProvider } from '@tanstack/react-query';
import { type ComponentType, useState } from 'react';
import { type IslandI18nProps, withTranslations } from './i18n/island';
import { createQueryClient } from './query-client';
import { rendersWithReact } from './react-renderer';

/**
 * Makes `Island` the root of an island that reads the API: a query client of its own (islands
 * share state through nanostores, not through a cache) and translations (`withTranslations`).
 */
export function islandRoot<P extends IslandI18nProps>(Island: ComponentType<P>) {
	const TranslatedIsland = withTranslations(Island);
	function IslandRoot(props: P) {
		const [client] = useState(createQueryClient);
		return (
			<QueryClientProvider client={client}>
				<TranslatedIsland {...props} />
			</QueryClientProvider>
		);
	}
	return rendersWithReact(IslandRoot);
}
