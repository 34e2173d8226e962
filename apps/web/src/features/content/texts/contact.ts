/**
 * The contact page's fixed facts. Phone, email and address come from the shop
 * settings (with the built-in ones of support.ts while they load); the hours
 * and the office's place on the map are not settings, so they are kept here.
 * The shop is in India: hours are in Indian Standard Time.
 */
export const OFFICE_HOURS = [
  { days: 'Monday – Friday', hours: '9:00 AM – 6:00 PM IST' },
  { days: 'Saturday', hours: '10:00 AM – 4:00 PM IST' },
  { days: 'Sunday', hours: 'Closed' },
] as const;

/** The office on MG Road, Bengaluru; move it with the address when the shop moves. */
export const OFFICE_LOCATION = { lat: 12.9756, lon: 77.6066 } as const;

const SPAN = { lat: 0.004, lon: 0.007 };

/** OpenStreetMap's embed (no key needed); the CSP frames exactly www.openstreetmap.org. */
export const MAP_EMBED_URL = `https://www.openstreetmap.org/export/embed.html?bbox=${[
  OFFICE_LOCATION.lon - SPAN.lon,
  OFFICE_LOCATION.lat - SPAN.lat,
  OFFICE_LOCATION.lon + SPAN.lon,
  OFFICE_LOCATION.lat + SPAN.lat,
]
  .map((n) => n.toFixed(4))
  .join('%2C')}&layer=mapnik&marker=${OFFICE_LOCATION.lat}%2C${OFFICE_LOCATION.lon}`;

export const MAP_LINK = `https://www.openstreetmap.org/?mlat=${OFFICE_LOCATION.lat}&mlon=${OFFICE_LOCATION.lon}#map=17/${OFFICE_LOCATION.lat}/${OFFICE_LOCATION.lon}`;

/** The FAQ block: the questions people write to us about most. */
export const CONTACT_FAQ_IDS = ['track-order', 'cancel-order', 'return-window', 'refund-timing'] as const;
