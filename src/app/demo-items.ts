import sharp from 'sharp';
import type { Category, ItemCondition } from '~/features/items/items';
import type { DemoPerson } from './demo-givings';

/** An item of the demo marketplace, as its donor listed it. */
export interface DemoItem {
	donor: DemoPerson;
	name: string;
	description: string;
	category: Category;
	condition: ItemCondition;
	weight: number;
	size: [number, number, number];
	quantity: number;
	colors: [string, string];
	/** Days ago it was listed (and an hour more per place in this list), before anyone asked for it. */
	listedDaysAgo?: number;
}

/** The demo's items: listed, then asked for and given away as `demo-givings.ts` tells. */
export const demoItems: DemoItem[] = [
	{
		donor: 'ani',
		name: 'Kursi kayu jati',
		description: 'Dua kursi makan dari kayu jati, masih kokoh. Ada sedikit goresan di sandaran.',
		category: 'furniture',
		condition: 'used',
		weight: 6,
		size: [45, 45, 90],
		quantity: 2,
		colors: ['#8a5a2b', '#d9a066'],
	},
	{
		donor: 'ani',
		name: 'Buku cerita anak',
		description:
			'Satu kardus buku cerita bergambar untuk usia 3–8 tahun, bahasa Indonesia dan Inggris.',
		category: 'books',
		condition: 'likeNew',
		weight: 4,
		size: [40, 30, 25],
		quantity: 1,
		colors: ['#2f6f9f', '#9fd3f0'],
		listedDaysAgo: 5,
	},
	{
		donor: 'budi',
		name: 'Rice cooker 1,8 liter',
		description: 'Rice cooker masih berfungsi baik, lengkap dengan sendok nasi dan gelas takar.',
		category: 'household',
		condition: 'used',
		weight: 2.5,
		size: [30, 30, 28],
		quantity: 1,
		colors: ['#c0392b', '#f5b7b1'],
		listedDaysAgo: 2,
	},
	{
		donor: 'budi',
		name: 'Kemeja batik pria',
		description: 'Tiga kemeja batik ukuran L, dicuci bersih, cocok untuk kerja atau kondangan.',
		category: 'clothing',
		condition: 'likeNew',
		weight: 0.9,
		size: [35, 25, 8],
		quantity: 3,
		colors: ['#6c3483', '#d2b4de'],
		listedDaysAgo: 3,
	},
	{
		donor: 'citra',
		name: 'Sepeda anak roda empat',
		description: 'Sepeda anak ukuran 16 inci dengan roda bantu. Ban baru diganti bulan lalu.',
		category: 'kids',
		condition: 'used',
		weight: 9,
		size: [120, 50, 75],
		quantity: 1,
		colors: ['#1e8449', '#a9dfbf'],
	},
	{
		donor: 'citra',
		name: 'Raket bulu tangkis',
		description: 'Sepasang raket bulu tangkis dan satu tabung kok. Senar masih kencang.',
		category: 'sports',
		condition: 'used',
		weight: 0.6,
		size: [70, 25, 5],
		quantity: 2,
		colors: ['#d68910', '#fad7a0'],
		listedDaysAgo: 8,
	},
	{
		donor: 'ani',
		name: 'Monitor 22 inci',
		description:
			'Monitor LED 22 inci, resolusi Full HD, kabel HDMI disertakan. Tidak ada piksel mati.',
		category: 'electronics',
		condition: 'used',
		weight: 3.5,
		size: [52, 18, 40],
		quantity: 1,
		colors: ['#212f3d', '#85929e'],
		listedDaysAgo: 10,
	},
	{
		donor: 'budi',
		name: 'Rak buku tiga susun',
		description: 'Rak buku kayu tiga susun, mudah dibongkar pasang untuk dibawa pulang.',
		category: 'furniture',
		condition: 'used',
		weight: 12,
		size: [80, 30, 110],
		quantity: 1,
		colors: ['#a04000', '#edbb99'],
		listedDaysAgo: 21,
	},
	{
		donor: 'citra',
		name: 'Set panci masak',
		description: 'Lima panci stainless berbagai ukuran lengkap dengan tutupnya.',
		category: 'household',
		condition: 'used',
		weight: 5,
		size: [40, 40, 30],
		quantity: 1,
		colors: ['#566573', '#d5dbdb'],
		listedDaysAgo: 5,
	},
	{
		donor: 'ani',
		name: 'Seragam SD',
		description: 'Empat stel seragam SD merah putih ukuran 8–10 tahun.',
		category: 'clothing',
		condition: 'new',
		weight: 1.6,
		size: [35, 30, 10],
		quantity: 4,
		colors: ['#b03a2e', '#fdfefe'],
		listedDaysAgo: 15,
	},
	{
		donor: 'budi',
		name: 'Kipas angin berdiri',
		description:
			'Kipas angin berdiri tiga kecepatan. Tombol kecepatan dua kadang macet, perlu diservis.',
		category: 'electronics',
		condition: 'needsRepair',
		weight: 4,
		size: [40, 40, 120],
		quantity: 1,
		colors: ['#1f618d', '#aed6f1'],
		listedDaysAgo: 43,
	},
	{
		donor: 'ani',
		name: 'Novel klasik Indonesia',
		description: 'Dua belas novel sastra Indonesia, sebagian edisi lama, terawat.',
		category: 'books',
		condition: 'likeNew',
		weight: 3,
		size: [30, 22, 20],
		quantity: 1,
		colors: ['#7d6608', '#f9e79f'],
		listedDaysAgo: 73,
	},
];

/** A simple illustrated photo: a soft gradient with the item's category shape. */
export async function demoPhoto(colors: [string, string], variant: number): Promise<File> {
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
