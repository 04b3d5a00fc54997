/**
 * Words that ask for money in a listing: a price in rupiah ("Rp 50.000", "50 ribu", "50rb"), or
 * a sale ("harga", "dijual", "jual", "nego", "price", "for sale"). Items on Hibahin are free,
 * so the add and edit forms warn about them before saving, and the server flags the listing for
 * the moderation desk (docs/product-rules.md#trust-and-safety).
 */
const moneyPatterns = [
	/\brp\.?\s*\d/i,
	/\bidr\s*\d/i,
	/\d\s*(ribu|rb|jt|juta)\b/i,
	/\b(harga|dijual|jual|nego|negotiable|price|for sale|selling)\b/i,
];

/** Whether the name or description mentions a price or a sale. */
export function asksForMoney(...texts: string[]): boolean {
	const text = texts.join('\n');
	return moneyPatterns.some((pattern) => pattern.test(text));
}
