// A CSV the page downloads when `trigger` is clicked, read back as its lines (the byte-order mark dropped).
import type { Locator, Page } from 'playwright-core';

export async function downloadedCsvLines(page: Page, trigger: Locator): Promise<string[]> {
  const [download] = await Promise.all([page.waitForEvent('download'), trigger.click()]);
  const stream = await download.createReadStream();
  let text = '';
  for await (const chunk of stream) text += (chunk as Buffer).toString();
  return text
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
}
