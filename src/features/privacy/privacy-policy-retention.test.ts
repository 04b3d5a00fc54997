import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { deletionGraceMs } from '~/features/account/account';
import { deliveryLimits, organisationLimits, retentionLimits } from '~/config/limits';

const dayMs = 24 * 60 * 60_000;

type Locale = 'id' | 'en';

/** The label of the bullet of the policy's section 8 that states each period, in each language. */
const bullets: Record<keyof typeof retentionLimits, Record<Locale, string>> = {
	readNotificationsMs: { id: 'Notifikasi yang sudah dibaca', en: 'Read notifications' },
	notificationsMs: { id: 'Notifikasi', en: 'Notifications' },
	endedRequestsMs: {
		id: 'Permintaan yang berakhir tanpa pemberian',
		en: 'Requests that ended without a giving',
	},
	paymentNotificationBodiesMs: {
		id: 'Isi notifikasi pembayaran',
		en: 'Payment notification bodies',
	},
	signInsMs: { id: 'Waktu masuk', en: 'Sign-in times' },
};

const daysWord: Record<Locale, string> = { id: 'hari', en: 'days' };

/** The text of the bullet `- **label:** …` of the section on how long data is kept. */
function bullet(locale: Locale, label: string): string | undefined {
	const policy = readFileSync(`src/content/legal/${locale}/privacy-policy.md`, 'utf8');
	const section = policy.slice(policy.indexOf('\n## 8.'), policy.indexOf('\n## 9.'));
	return section.split('\n').find((line) => line.startsWith(`- **${label}:**`));
}

describe('the privacy policy states the retention periods the clean-up applies', () => {
	for (const locale of ['id', 'en'] as const) {
		for (const [limit, labels] of Object.entries(bullets)) {
			const days = retentionLimits[limit as keyof typeof retentionLimits] / dayMs;
			it(`${locale}: ${limit} is ${days} days`, () => {
				expect(bullet(locale, labels[locale]), labels[locale]).toContain(
					`${days} ${daysWord[locale]}`,
				);
			});
		}

		it(`${locale}: every period of retentionLimits has its bullet`, () => {
			expect(Object.keys(bullets).sort()).toEqual(Object.keys(retentionLimits).sort());
		});

		it(`${locale}: deleted accounts and done deliveries go after the days the code waits`, () => {
			const account = { id: 'Akun dan profil', en: 'Account and profile' }[locale];
			const deliveries = { id: 'Pengiriman push dan email', en: 'Push and mail deliveries' }[
				locale
			];
			expect(bullet(locale, account)).toContain(`${deletionGraceMs / dayMs} ${daysWord[locale]}`);
			expect(bullet(locale, deliveries)).toContain(
				`${deliveryLimits.keptDoneMs / dayMs} ${daysWord[locale]}`,
			);
		});

		it(`${locale}: an organisation's document photo goes after the days the clean-up waits, and with the account`, () => {
			const document = {
				id: 'Foto dokumen pendukung organisasi',
				en: "Organisation's supporting document photo",
			}[locale];
			const withAccount = {
				id: 'langsung dihapus saat Anda menghapus akun',
				en: 'at once when you delete your account',
			}[locale];
			expect(bullet(locale, document), document).toContain(
				`${organisationLimits.documentKeptMs / dayMs} ${daysWord[locale]}`,
			);
			expect(bullet(locale, document), document).toContain(withAccount);
		});
	}
});
