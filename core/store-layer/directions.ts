// A directions link to a maps service with the store's encoded address.
export interface Address {
  address_1: string;
  address_2?: string;
  city: string;
  state: string;
  postal_code: string;
}

export const formatAddress = (a: Address): string =>
  [a.address_1, a.address_2, `${a.city}, ${a.state} ${a.postal_code}`].filter(Boolean).join(', ');

export function directionsUrl(a: Address): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent([a.address_1, a.city, a.state, a.postal_code].join(', '))}`;
}
