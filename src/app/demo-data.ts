import { count } from 'drizzle-orm';
import sharp from 'sharp';
import type { Category } from '~/features/items/items';
import { photoRow, preparePhotos, storePhotos } from '~/features/items/photos.server';
import { createLocalAccount } from '~/server/auth/provider/accounts';
import { providerMountPath } from '~/server/auth/provider/provider';
import type { AppContext } from './context';
import { earlySupporters, itemImages, items, supporters, users } from '~/server/db/schema';

/** The password of every demo account, shown in the README. */
export const demoPassword = 'hibahin-demo';

const donors = [
	{
		email: 'ani@demo.hibahin.id',
		name: 'Ani Lestari',
		phone: '+6281200000101',
		areaId: '31.74.07',
	},
	{
		email: 'budi@demo.hibahin.id',
		name: 'Budi Santoso',
		phone: '+6281200000102',
		areaId: '32.73.14',
	},
	{
		email: 'citra@demo.hibahin.id',
		name: 'Citra Maharani',
		phone: '+6281200000103',
		areaId: '35.78.08',
	},
];

interface DemoItem {
	donor: number;
	name: string;
	description: string;
	category: Category;
	weight: number;
	size: [number, number, number];
	quantity: number;
	colors: [string, string];
	/** Days ago it was given away, for items already donated. */
	donatedDaysAgo?: number;
}

const demoItems: DemoItem[] = [
	{
		donor: 0,
		name: 'Kursi kayu jati',
		description: 'Dua kursi makan dari kayu jati, masih kokoh. Ada sedikit goresan di sandaran.',
		category: 'furniture',
		weight: 6,
		size: [45, 45, 90],
		quantity: 2,
		colors: ['#8a5a2b', '#d9a066'],
	},
	{
		donor: 0,
		name: 'Buku cerita anak',
		description:
			'Satu kardus buku cerita bergambar untuk usia 3–8 tahun, bahasa Indonesia dan Inggris.',
		category: 'books',
		weight: 4,
		size: [40, 30, 25],
		quantity: 1,
		colors: ['#2f6f9f', '#9fd3f0'],
	},
	{
		donor: 1,
		name: 'Rice cooker 1,8 liter',
		description: 'Rice cooker masih berfungsi baik, lengkap dengan sendok nasi dan gelas takar.',
		category: 'household',
		weight: 2.5,
		size: [30, 30, 28],
		quantity: 1,
		colors: ['#c0392b', '#f5b7b1'],
	},
	{
		donor: 1,
		name: 'Kemeja batik pria',
		description: 'Tiga kemeja batik ukuran L, dicuci bersih, cocok untuk kerja atau kondangan.',
		category: 'clothing',
		weight: 0.9,
		size: [35, 25, 8],
		quantity: 3,
		colors: ['#6c3483', '#d2b4de'],
	},
	{
		donor: 2,
		name: 'Sepeda anak roda empat',
		description: 'Sepeda anak ukuran 16 inci dengan roda bantu. Ban baru diganti bulan lalu.',
		category: 'kids',
		weight: 9,
		size: [120, 50, 75],
		quantity: 1,
		colors: ['#1e8449', '#a9dfbf'],
	},
	{
		donor: 2,
		name: 'Raket bulu tangkis',
		description: 'Sepasang raket bulu tangkis dan satu tabung kok. Senar masih kencang.',
		category: 'sports',
		weight: 0.6,
		size: [70, 25, 5],
		quantity: 2,
		colors: ['#d68910', '#fad7a0'],
	},
	{
		donor: 0,
		name: 'Monitor 22 inci',
		description:
			'Monitor LED 22 inci, resolusi Full HD, kabel HDMI disertakan. Tidak ada piksel mati.',
		category: 'electronics',
		weight: 3.5,
		size: [52, 18, 40],
		quantity: 1,
		colors: ['#212f3d', '#85929e'],
	},
	{
		donor: 1,
		name: 'Rak buku tiga susun',
		description: 'Rak buku kayu tiga susun, mudah dibongkar pasang untuk dibawa pulang.',
		category: 'furniture',
		weight: 12,
		size: [80, 30, 110],
		quantity: 1,
		colors: ['#a04000', '#edbb99'],
	},
	{
		donor: 2,
		name: 'Set panci masak',
		description: 'Lima panci stainless berbagai ukuran lengkap dengan tutupnya.',
		category: 'household',
		weight: 5,
		size: [40, 40, 30],
		quantity: 1,
		colors: ['#566573', '#d5dbdb'],
		donatedDaysAgo: 3,
	},
	{
		donor: 0,
		name: 'Seragam SD',
		description: 'Empat stel seragam SD merah putih ukuran 8–10 tahun.',
		category: 'clothing',
		weight: 1.6,
		size: [35, 30, 10],
		quantity: 4,
		colors: ['#b03a2e', '#fdfefe'],
		donatedDaysAgo: 12,
	},
	{
		donor: 1,
		name: 'Kipas angin berdiri',
		description: 'Kipas angin berdiri tiga kecepatan, suara halus.',
		category: 'electronics',
		weight: 4,
		size: [40, 40, 120],
		quantity: 1,
		colors: ['#1f618d', '#aed6f1'],
		donatedDaysAgo: 40,
	},
	{
		donor: 0,
		name: 'Novel klasik Indonesia',
		description: 'Dua belas novel sastra Indonesia, sebagian edisi lama, terawat.',
		category: 'books',
		weight: 3,
		size: [30, 22, 20],
		quantity: 1,
		colors: ['#7d6608', '#f9e79f'],
		donatedDaysAgo: 70,
	},
];

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

/** A simple illustrated photo: a soft gradient with the item's category shape. */
async function demoPhoto(colors: [string, string], variant: number): Promise<File> {
	const [dark, light] = colors;
	const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900">
		<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
			<stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/></linearGradient></defs>
		<rect width="1200" height="900" fill="url(#g)"/>
		<circle cx="${300 + variant * 300}" cy="300" r="180" fill="#ffffff" opacity="0.25"/>
		<rect x="380" y="380" width="440" height="320" rx="36" fill="${dark}" opacity="0.85"/>
		<rect x="350" y="330" width="500" height="90" rx="24" fill="#ffffff" opacity="0.9"/>
		<rect x="575" y="330" width="50" height="370" fill="${light}"/>
	</svg>`;
	const png = await sharp(Buffer.from(svg)).png().toBuffer();
	return new File([new Uint8Array(png)], `demo-${variant}.png`, { type: 'image/png' });
}

/**
 * Fills an empty embedded database with a small living marketplace: three donors (who can sign
 * in with `demoPassword`) and their items, some already given away, and a few supporters.
 */
export async function loadDemoData(server: AppContext): Promise<boolean> {
	const [existing] = await server.db.select({ value: count() }).from(users);
	if ((existing?.value ?? 0) > 0) return false;
	const issuer = `${server.config.publicUrl}${providerMountPath}`;
	const donorIds: string[] = [];
	for (const donor of donors) {
		const account = await createLocalAccount(server.db, donor.email, demoPassword);
		if (!account) return false;
		const area = await server.areas.get(donor.areaId);
		await server.db.insert(users).values({
			id: account.id,
			issuer,
			subject: account.id,
			email: donor.email,
			name: donor.name,
			phone: donor.phone,
			address: 'Titik temu akan dikabarkan lewat WhatsApp',
			areaId: donor.areaId,
			areaName: area?.name ?? null,
			bio: 'Akun contoh Hibahin.',
		});
		donorIds.push(account.id);
	}
	await server.db.insert(supporters).values(demoSupporters);
	await server.db.insert(earlySupporters).values(demoEarlySupporters);
	const day = 24 * 3600_000;
	for (const [index, item] of demoItems.entries()) {
		const photos = await preparePhotos([
			await demoPhoto(item.colors, 0),
			await demoPhoto(item.colors, 1),
		]);
		await storePhotos(server.storage, photos);
		const createdAt = new Date(
			Date.now() - (demoItems.length - index) * 3600_000 - (item.donatedDaysAgo ?? 0) * day,
		);
		const [row] = await server.db
			.insert(items)
			.values({
				donorId: donorIds[item.donor]!,
				name: item.name,
				description: item.description,
				category: item.category,
				weight: item.weight,
				length: item.size[0],
				width: item.size[1],
				height: item.size[2],
				quantity: item.quantity,
				status: item.donatedDaysAgo === undefined ? 'AVAILABLE' : 'DONATED',
				donatedAt:
					item.donatedDaysAgo === undefined
						? null
						: new Date(Date.now() - item.donatedDaysAgo * day),
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
	}
	return true;
}
