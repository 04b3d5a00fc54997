import type { TFunction } from 'i18next';
import { useEffect, useRef, useState } from 'react';
import { ApiError, apiFetch } from '~/lib/api-client';
import type { Locale } from '~/lib/i18n/locales';
import type { VerificationConfig } from './verification';

/** The simulated check shows its "verifying" state this long (docs/product-rules.md#human-verification: 2 s). */
export const simulatedCheckDelayMs = 2000;
/** Simulated tokens live 5 minutes on the server: a slow form gets a new one before that. */
const simulatedRenewMs = 4 * 60_000;

const turnstileScriptUrl = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';

interface Turnstile {
	render(container: HTMLElement, options: Record<string, unknown>): string;
	reset(widgetId: string): void;
	remove(widgetId: string): void;
}

let turnstileLoading: Promise<Turnstile> | undefined;

/** Loads Turnstile's script once per page, only when the server asks for it. */
function loadTurnstile(): Promise<Turnstile> {
	turnstileLoading ??= new Promise<Turnstile>((resolve, reject) => {
		const script = document.createElement('script');
		script.src = turnstileScriptUrl;
		script.async = true;
		script.addEventListener('load', () => {
			const turnstile = (window as { turnstile?: Turnstile }).turnstile;
			if (turnstile) resolve(turnstile);
			else reject(new Error('Turnstile did not start'));
		});
		script.addEventListener('error', () => reject(new Error('Turnstile did not load')));
		document.head.append(script);
	}).catch((error: unknown) => {
		turnstileLoading = undefined;
		throw error;
	});
	return turnstileLoading;
}

type Phase = 'loading' | 'verifying' | 'widget' | 'verified' | 'failed' | 'error';

/** Where the check stands, as the form needs it. */
export interface HumanCheckState {
	/** A fresh token, or null while there is none. */
	token: string | null;
	/**
	 * Still working on its own (loading, or the simulated check's 2 s): a submit waits for it. A
	 * Turnstile widget that wants a click is not pending: the person has to act.
	 */
	pending: boolean;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface HumanCheckProps {
	/** The id of the check, which takes the focus when a token is missing on submit. */
	id: string;
	t: TFunction;
	locale: Locale;
	/** Receives every change of the check's state. */
	onChange: (state: HumanCheckState) => void;
	/** 'Verification required before submitting' or the server's complaint about the token. */
	error?: string | undefined;
}

/**
 * The human verification before an item is created. Asks the server which mode it runs: in
 * simulated mode it shows "verifying you are human…" for 2 s and fetches a token; with Turnstile
 * it renders the widget. Remount it (a new `key`) to get a new token after a failed create.
 */
export function HumanCheck({ id, t, locale, onChange, error }: HumanCheckProps) {
	const [phase, setPhase] = useState<Phase>('loading');
	const [attempt, setAttempt] = useState(0);
	const widgetRef = useRef<HTMLDivElement>(null);
	const onChangeRef = useRef(onChange);
	onChangeRef.current = onChange;

	useEffect(() => {
		let active = true;
		let widget: { turnstile: Turnstile; id: string } | undefined;
		let renewal: ReturnType<typeof setTimeout> | undefined;
		const settle = (next: Phase, token: string | null = null) => {
			if (!active) return;
			setPhase(next);
			onChangeRef.current({ token, pending: next === 'loading' || next === 'verifying' });
		};
		async function verify() {
			settle('loading');
			let config: VerificationConfig;
			try {
				config = await apiFetch<VerificationConfig>('/verification/config');
			} catch {
				return settle('error');
			}
			if (config.mode === 'simulated') {
				settle('verifying');
				await wait(simulatedCheckDelayMs);
				if (!active) return;
				try {
					const { token } = await apiFetch<{ token: string }>('/verification/simulated', {
						method: 'POST',
					});
					if (active) renewal = setTimeout(() => setAttempt((n) => n + 1), simulatedRenewMs);
					return settle('verified', token);
				} catch (cause) {
					const rejected = cause instanceof ApiError && cause.status >= 400 && cause.status < 500;
					return settle(rejected ? 'failed' : 'error');
				}
			}
			let turnstile: Turnstile;
			try {
				turnstile = await loadTurnstile();
			} catch {
				return settle('error');
			}
			if (!active || !widgetRef.current) return;
			settle('widget');
			widget = {
				turnstile,
				id: turnstile.render(widgetRef.current, {
					sitekey: config.siteKey,
					language: locale,
					'refresh-expired': 'auto',
					callback: (token: string) => settle('verified', token),
					'error-callback': () => {
						settle('failed');
						// Handled here: Turnstile need not log it as uncaught.
						return true;
					},
					'expired-callback': () => settle('widget'),
				}),
			};
		}
		void verify();
		return () => {
			active = false;
			clearTimeout(renewal);
			if (widget) widget.turnstile.remove(widget.id);
		};
	}, [attempt, locale]);

	const errorId = `${id}-error`;
	const status = (() => {
		switch (phase) {
			case 'loading':
			case 'verifying':
				return (
					<>
						<span className="loading loading-sm loading-spinner" aria-hidden="true" />
						{t(`itemForm.verification.${phase}`)}
					</>
				);
			case 'verified':
				return (
					<span className="flex items-center gap-2 text-success">
						<svg
							aria-hidden="true"
							viewBox="0 0 24 24"
							className="size-5"
							fill="none"
							stroke="currentColor"
							strokeWidth="2.5"
						>
							<path d="M5 12.5l4.5 4.5L19 7.5" strokeLinecap="round" strokeLinejoin="round" />
						</svg>
						{t('itemForm.verification.verified')}
					</span>
				);
			case 'failed':
			case 'error':
				return <span className="text-error">{t(`itemForm.verification.${phase}`)}</span>;
			default:
				return null;
		}
	})();

	return (
		<div
			id={id}
			tabIndex={-1}
			role="group"
			aria-labelledby={`${id}-label`}
			aria-describedby={error ? errorId : undefined}
			className="fieldset rounded-box outline-offset-2"
		>
			<span id={`${id}-label`} className="fieldset-legend text-sm">
				{t('itemForm.verification.label')}
			</span>
			<div className="flex min-h-6 flex-wrap items-center gap-2 text-sm">
				<div role="status" className="flex items-center gap-2">
					{status}
				</div>
				{(phase === 'failed' || phase === 'error') && (
					<button
						type="button"
						className="btn btn-outline btn-sm"
						onClick={() => setAttempt((n) => n + 1)}
					>
						{t('itemForm.verification.retry')}
					</button>
				)}
			</div>
			<div ref={widgetRef} />
			{error && (
				<p id={errorId} role="alert" className="text-sm text-error">
					{error}
				</p>
			)}
		</div>
	);
}
