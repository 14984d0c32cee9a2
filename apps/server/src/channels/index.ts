// The real adapter of each channel kind. Adding a kind: write channels/<kind>/ (adapter, inbound transport,
// settings) and name its adapter here.
import type { KindAdapters } from './registry.ts';

export const CHANNEL_ADAPTERS: KindAdapters = {};
