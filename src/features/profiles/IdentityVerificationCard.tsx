import { useEffect, useId, useRef, useState } from 'react';
import { identityCheck, imageMimeTypes } from '~/config/limits';
import { useTranslation } from 'react-i18next';
import { type IslandI18nProps, withTranslations } from '~/lib/i18n/island';
import { type IdentityFileOutcome, inspectIdentityFile } from './identity';

type Failure = Exclude<IdentityFileOutcome, 'verified'>;
type Phase =
	| { state: 'idle' }
	| { state: 'verifying' }
	| { state: 'verified' }
	| { state: 'failed'; reason: Failure };

const badgeStyles: Record<Phase['state'], string> = {
	idle: 'badge-ghost',
	verifying: 'badge-info',
	verified: 'badge-success',
	failed: 'badge-error',
};

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The identity verification preview on the edit-profile page: pick a photo of an ID card, wait
 * 2 seconds while it is checked in the browser, see whether it passed; pick again to retry.
 * Nothing is uploaded. Needs the `profile` namespace.
 */
export const IdentityVerificationCard = withTranslations(function IdentityVerificationCard(
	_props: IslandI18nProps,
) {
	const { t } = useTranslation();
	const titleId = useId();
	const fileRef = useRef<HTMLInputElement>(null);
	const [phase, setPhase] = useState<Phase>({ state: 'idle' });
	// Each pick gets a number; a check that finishes after a newer pick (or unmount) is ignored.
	const latestCheck = useRef(0);
	useEffect(() => {
		// The input is in the page before this island hydrates: a file picked by then waits in it.
		if (fileRef.current?.files?.length) void checkPickedFile(fileRef.current);
		return () => {
			latestCheck.current++;
		};
	}, []);

	async function checkPickedFile(input: HTMLInputElement) {
		const file = input.files?.[0];
		input.value = '';
		if (!file) return;
		const check = ++latestCheck.current;
		setPhase({ state: 'verifying' });
		const [outcome] = await Promise.all([inspectIdentityFile(file), wait(identityCheck.delayMs)]);
		if (check !== latestCheck.current) return;
		setPhase(outcome === 'verified' ? { state: 'verified' } : { state: 'failed', reason: outcome });
	}

	return (
		<section aria-labelledby={titleId} className="card border border-base-300 bg-base-100">
			<div className="card-body gap-3 p-5">
				<div className="flex flex-wrap items-center justify-between gap-2">
					<h2 id={titleId} className="card-title text-lg">
						{t('profile.verification.title')}
					</h2>
					<span className={`badge ${badgeStyles[phase.state]}`}>
						{t(`profile.verification.states.${phase.state}`)}
					</span>
				</div>
				<p className="text-sm text-base-content/75">
					<span className="badge mr-2 badge-outline badge-sm">
						{t('profile.verification.previewBadge')}
					</span>
					{t('profile.verification.previewNote')}
				</p>
				<p>{t('profile.verification.description')}</p>
				<p className="text-sm text-base-content/75">{t('profile.verification.requirements')}</p>
				<div role="status">
					{phase.state === 'verifying' && (
						<p className="flex items-center gap-2">
							<span className="loading loading-sm loading-spinner" aria-hidden="true" />
							{t('profile.verification.messages.verifying')}
						</p>
					)}
					{phase.state === 'verified' && (
						<p className="alert alert-success">{t('profile.verification.messages.verified')}</p>
					)}
					{phase.state === 'failed' && (
						<div className="alert alert-error">
							<div>
								<p className="font-semibold">{t('profile.verification.messages.failed')}</p>
								<p>{t(`profile.verification.messages.${phase.reason}`)}</p>
							</div>
						</div>
					)}
				</div>
				<div className="card-actions">
					<button
						type="button"
						className="btn h-11 btn-primary"
						disabled={phase.state === 'verifying'}
						onClick={() => fileRef.current?.click()}
					>
						{t(
							phase.state === 'idle' ? 'profile.verification.choose' : 'profile.verification.retry',
						)}
					</button>
					<input
						ref={fileRef}
						type="file"
						accept={imageMimeTypes.join(',')}
						hidden
						tabIndex={-1}
						aria-label={t('profile.verification.choose')}
						onChange={(event) => void checkPickedFile(event.currentTarget)}
					/>
				</div>
			</div>
		</section>
	);
});
