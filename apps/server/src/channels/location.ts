// A place a customer shared (WhatsApp, Telegram, Viber, Messenger and Instagram all send coordinates): kept as
// text with a link that opens it on a map, so every channel shows it the same way.
export function locationText(latitude: number, longitude: number, name?: string | null): string {
  const link = `https://www.google.com/maps/search/?api=1&query=${latitude},${longitude}`;
  return name ? `📍 ${name}\n${link}` : `📍 ${link}`;
}
