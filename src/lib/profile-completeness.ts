/** Complete means everything a donor or receiver needs: name, phone, area and address. */
export function isProfileComplete(profile: {
	name: string | null;
	phone: string | null;
	address: string | null;
	areaId: string | null;
}): boolean {
	return Boolean(profile.name && profile.phone && profile.address && profile.areaId);
}
