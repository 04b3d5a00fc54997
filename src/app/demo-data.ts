import { count, eq } from 'drizzle-orm';
import { photoRow, preparePhotos, storePhotos } from '~/features/items/photos.server';
import { pickupColumns, pickupOfDistrict } from '~/features/places/places.server';
import { createLocalAccount } from '~/server/auth/provider/accounts';
import { providerMountPath } from '~/server/auth/provider/provider';
import type { AppContext } from './context';
import { type DemoPerson, type ListedItem, loadDemoGivings } from './demo-givings';
import { demoItems, demoPhoto } from './demo-items';
import { loadDemoNeeds } from './demo-needs';
import {
	earlySupporters,
	itemImages,
	items,
	localAccounts,
	supporters,
	users,
} from '~/server/db/schema';

/** The password of every demo account, shown in the README. */
export const demoPassword = 'hibahin-demo';

interface DemoMember {
	email: string;
	name: string;
	phone: string;
	areaId: string;
}

/** The demo's members: three donors and two receivers, who ask for the donors' items. */
const people: Record<DemoPerson, DemoMember> = {
	ani: {
		email: 'ani@demo.hibahin.id',
		name: 'Ani Lestari',
		phone: '+6281200000101',
		areaId: '31.74.07',
	},
	budi: {
		email: 'budi@demo.hibahin.id',
		name: 'Budi Santoso',
		phone: '+6281200000102',
		areaId: '32.73.14',
	},
	citra: {
		email: 'citra@demo.hibahin.id',
		name: 'Citra Maharani',
		phone: '+6281200000103',
		areaId: '35.78.08',
	},
	dewi: {
		email: 'dewi@demo.hibahin.id',
		name: 'Dewi Anggraini',
		phone: '+6281200000104',
		areaId: '31.74.07',
	},
	eko: {
		email: 'eko@demo.hibahin.id',
		name: 'Eko Prasetyo',
		phone: '+6281200000105',
		areaId: '32.73.14',
	},
};

const demoSupporters = [
	{
		name: 'Rina Wulandari',
		amount: 150_000,
		quantity: 6,
		unitName: 'Kopi',
		message: 'Semoga makin banyak barang yang berpindah tangan!',
	},
	{
		name: 'Dimas Pratama',
		amount: 100_000,
		quantity: 4,
		unitName: 'Kopi',
		message: 'Ide yang sederhana tapi berarti.',
	},
	{ name: 'Sari Nugroho', amount: 75_000, quantity: 3, unitName: 'Kopi', message: null },
	{ name: 'Yusuf Hakim', amount: 50_000, quantity: 2, unitName: 'Kopi', message: 'Terus berbagi.' },
	{ name: 'Maya Kartika', amount: 25_000, quantity: 1, unitName: 'Kopi', message: null },
];

const demoEarlySupporters = [
	{ name: 'Komunitas Berbagi Jaksel', message: 'Pengguna pertama di Kebayoran Baru.' },
	{ name: 'Pak Harun', message: 'Kursi pertama yang dihibahkan lewat Hibahin.' },
	{ name: 'Lia Anggraini', message: null },
];

/**
 * Fills an empty embedded database with a small living marketplace: three donors and two
 * receivers (who can all sign in with `demoPassword`), the donors' items, the receivers' requests
 * for them in every state with the notifications they brought, a few supporters, the receivers'
 * needs, and a verified orphanage with a need and a drive.
 */
export async function loadDemoData(server: AppContext): Promise<boolean> {
	const [existing] = await server.db.select({ value: count() }).from(users);
	if ((existing?.value ?? 0) > 0) return false;
	const issuer = `${server.config.publicUrl}${providerMountPath}`;
	const ids = {} as Record<DemoPerson, string>;
	for (const [person, member] of Object.entries(people) as [DemoPerson, DemoMember][]) {
		const account = await createLocalAccount(server.db, member.email, demoPassword);
		if (!account) return false;
		// Demo addresses are the site's own: confirmed, so notification mail reaches them.
		await server.db
			.update(localAccounts)
			.set({ emailVerifiedAt: new Date() })
			.where(eq(localAccounts.id, account.id));
		const area = await server.areas.get(member.areaId);
		await server.db.insert(users).values({
			id: account.id,
			issuer,
			subject: account.id,
			email: member.email,
			emailVerified: true,
			name: member.name,
			phone: member.phone,
			address: 'Titik temu akan dikabarkan lewat WhatsApp',
			areaId: member.areaId,
			areaName: area?.name ?? null,
			bio: 'Akun contoh Hibahin.',
		});
		ids[person] = account.id;
	}
	await server.db.insert(supporters).values(demoSupporters);
	await server.db.insert(earlySupporters).values(demoEarlySupporters);
	const now = Date.now();
	const listed = new Map<string, ListedItem>();
	for (const [index, item] of demoItems.entries()) {
		const photos = await preparePhotos([
			await demoPhoto(item.colors, 0),
			await demoPhoto(item.colors, 1),
		]);
		await storePhotos(server.storage, photos);
		const createdAt = new Date(
			now - (demoItems.length - index) * 3600_000 - (item.listedDaysAgo ?? 0) * 24 * 3600_000,
		);
		const [row] = await server.db
			.insert(items)
			.values({
				donorId: ids[item.donor],
				name: item.name,
				description: item.description,
				category: item.category,
				condition: item.condition,
				weight: item.weight,
				length: item.size[0],
				width: item.size[1],
				height: item.size[2],
				quantity: item.quantity,
				...pickupColumns(await pickupOfDistrict(people[item.donor].areaId)),
				createdAt,
				updatedAt: createdAt,
			})
			.returning({ id: items.id });
		await server.db.insert(itemImages).values(
			photos.map((photo, position) => ({
				id: photo.id,
				itemId: row!.id,
				position,
				...photoRow(photo),
			})),
		);
		listed.set(item.name, { id: row!.id, donor: item.donor });
	}
	await loadDemoGivings(server.db, ids, listed, now);
	await loadDemoNeeds(server.db, ids, now);
	return true;
}
