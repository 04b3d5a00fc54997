import type { Category } from '~/features/items/items';
import { pickupOfDistrict } from '~/features/places/places.server';
import { needLimits } from '~/config/limits';
import type { Database } from '~/server/db/client';
import { drives, needs, organisations } from '~/server/db/schema';
import type { DemoPerson } from './demo-givings';

const dayMs = 24 * 60 * 60_000;

/** A demo need: who posts it, where, and how long ago. */
interface DemoNeed {
	owner: DemoPerson;
	title: string;
	description: string;
	category: Category;
	quantity: number;
	reach: 'pickup' | 'delivery';
	urgency: 'normal' | 'urgent';
	district: string;
	postedDaysAgo: number;
	/** Posted for the owner's verified organisation. */
	forOrganisation?: boolean;
}

const demoNeeds: DemoNeed[] = [
	{
		owner: 'eko',
		title: 'Meja belajar untuk anak SD',
		description:
			'Anak saya baru masuk kelas satu dan belajar di lantai. Meja kecil yang masih kokoh sudah cukup.',
		category: 'furniture',
		quantity: 1,
		reach: 'pickup',
		urgency: 'normal',
		district: '32.73.14',
		postedDaysAgo: 3,
	},
	{
		owner: 'dewi',
		title: 'Buku cerita anak',
		description:
			'Pojok baca panti kami kosong. Buku cerita bergambar untuk usia 5–12 tahun, bekas pun tidak apa-apa.',
		category: 'books',
		quantity: 40,
		reach: 'delivery',
		urgency: 'urgent',
		district: '31.74.07',
		postedDaysAgo: 1,
		forOrganisation: true,
	},
	{
		owner: 'eko',
		title: 'Selimut setelah banjir',
		description:
			'Rumah kami terendam minggu lalu dan selimut anak-anak rusak semua. Dua atau tiga selimut sangat membantu.',
		category: 'household',
		quantity: 3,
		reach: 'pickup',
		urgency: 'urgent',
		district: '32.73.14',
		postedDaysAgo: 0,
	},
];

/** The demo drive's needs: what the organisation collects until the drive ends. */
const driveNeeds: { title: string; category: Category; quantity: number }[] = [
	{ title: 'Seragam SD ukuran 6–10', category: 'clothing', quantity: 25 },
	{ title: 'Tas sekolah', category: 'kids', quantity: 25 },
];

/**
 * The demo's needs: two of a receiver's own, and a verified orphanage run by another receiver, with
 * a need of its own and a school drive of two needs (docs/product-rules.md#needs, #organisations,
 * #drives).
 */
export async function loadDemoNeeds(
	db: Database,
	ids: Record<DemoPerson, string>,
	now: number,
): Promise<void> {
	const home = (await pickupOfDistrict('31.74.07'))!;
	const [organisation] = await db
		.insert(organisations)
		.values({
			ownerId: ids.dewi,
			name: 'Panti Asuhan Kasih Bunda',
			kind: 'orphanage',
			address: 'Jl. Melati No. 5, Kebayoran Baru',
			...home,
			contactName: 'Dewi Anggraini',
			// Verified long enough ago that its supporting document was deleted.
			documentDeletedAt: new Date(now - 10 * dayMs),
			state: 'verified',
			decidedAt: new Date(now - 40 * dayMs),
			createdAt: new Date(now - 42 * dayMs),
			updatedAt: new Date(now - 40 * dayMs),
		})
		.returning({ id: organisations.id });
	for (const need of demoNeeds) {
		const postedAt = new Date(now - need.postedDaysAgo * dayMs - 3600_000);
		await db.insert(needs).values({
			ownerId: ids[need.owner],
			organisationId: need.forOrganisation ? organisation!.id : null,
			title: need.title,
			description: need.description,
			category: need.category,
			quantity: need.quantity,
			reach: need.reach,
			urgency: need.urgency,
			...(await pickupOfDistrict(need.district))!,
			closesAt: new Date(postedAt.getTime() + needLimits.openMs),
			createdAt: postedAt,
			updatedAt: postedAt,
		});
	}
	const endsAt = new Date(now + 21 * dayMs);
	const [drive] = await db
		.insert(drives)
		.values({
			organisationId: organisation!.id,
			createdBy: ids.dewi,
			title: 'Seragam dan tas untuk tahun ajaran baru',
			story:
				'Dua puluh lima anak panti kami mulai sekolah bulan depan. Bantu mereka berangkat dengan seragam dan tas yang layak.',
			address: 'Jl. Melati No. 5, Kebayoran Baru',
			...home,
			endsAt,
			createdAt: new Date(now - 2 * dayMs),
			updatedAt: new Date(now - 2 * dayMs),
		})
		.returning({ id: drives.id });
	await db.insert(needs).values(
		driveNeeds.map((need) => ({
			ownerId: ids.dewi,
			organisationId: organisation!.id,
			driveId: drive!.id,
			...need,
			description: '',
			reach: 'delivery',
			...home,
			closesAt: endsAt,
			createdAt: new Date(now - 2 * dayMs),
			updatedAt: new Date(now - 2 * dayMs),
		})),
	);
}
