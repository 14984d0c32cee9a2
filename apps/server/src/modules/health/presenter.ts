// The health check as the contract's Health: the database's state, the product's version and the uptime.
import { PRODUCT_VERSION, type Health } from '@atende/contract';

export const presentHealth = (databaseUp: boolean): Health => ({
  status: databaseUp ? 'ok' : 'unavailable',
  database: databaseUp ? 'up' : 'down',
  version: PRODUCT_VERSION,
  uptime_seconds: Math.round(process.uptime()),
});
