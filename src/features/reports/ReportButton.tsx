import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { withTranslations } from '~/lib/i18n/island';
import type { IslandI18nProps } from '~/lib/i18n/island';
import type { ReportTarget } from './reports';

// The dialog (its form and the schema) loads on the first click: most visitors never report.
const ReportDialog = lazy(() => import('./ReportDialog'));

interface ReportButtonProps extends IslandI18nProps {
	target: ReportTarget;
}

/**
 * "Report this item", "… user", "… thank-you", "… need" or "… drive" for a signed-in viewer:
 * opens the report dialog. Pages place it through `Report.astro`, which links a signed-out
 * visitor to signing in instead.
 */
function ReportButtonIsland({ target }: ReportButtonProps) {
	const { t } = useTranslation();
	const [open, setOpen] = useState(false);
	const label = t(
		target.kind === 'item'
			? 'reports.buttonItem'
			: target.kind === 'thanks'
				? 'reports.buttonThanks'
				: target.kind === 'need'
					? 'reports.buttonNeed'
					: target.kind === 'drive'
						? 'reports.buttonDrive'
						: 'reports.buttonUser',
	);
	return (
		<>
			<button
				type="button"
				className="btn btn-ghost btn-sm text-base-content/75"
				aria-haspopup="dialog"
				onClick={() => setOpen(true)}
			>
				<svg
					aria-hidden="true"
					viewBox="0 0 24 24"
					className="size-4"
					fill="none"
					stroke="currentColor"
					strokeWidth="2"
				>
					<path d="M4 21V4m0 0h12l-2 4 2 4H4" />
				</svg>
				{label}
			</button>
			{open && (
				<Suspense fallback={null}>
					<ReportDialog target={target} onClose={() => setOpen(false)} />
				</Suspense>
			)}
		</>
	);
}

/** The report button of item, need and drive pages, public profiles and thank-yous. */
export const ReportButton = withTranslations(ReportButtonIsland);
