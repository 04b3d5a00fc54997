import { describe, expect, it } from 'vitest';
import { asksForMoney } from './money-words';

describe('asksForMoney', () => {
	it.each([
		'Kursi, Rp 50.000 saja',
		'Kursi rp50000',
		'Harga teman',
		'Dijual murah',
		'Jual cepat',
		'Bisa nego',
		'Only 50 ribu',
		'Price: 20k',
		'Chair for sale',
		'IDR 20000',
	])('flags "%s"', (text) => {
		expect(asksForMoney('Kursi lipat', text)).toBe(true);
	});

	it.each([
		'Kursi kayu jati, masih kokoh',
		'Penjual sayur di pasar sudah tutup, jadi kulkas ini tidak dipakai lagi',
		'Gratis untuk yang membutuhkan',
		'Ukuran 50 x 40 cm, berat 3 kg',
		'A sturdy chair, free to a good home',
		'Sepatu nomor 42, pernah dipakai 2 kali',
	])('leaves "%s" alone', (text) => {
		expect(asksForMoney('Kursi lipat', text)).toBe(false);
	});
});
