// What a company pastes into its site to embed the chat widget (apps/widget/src/main.ts reads data-key, and
// data-identifier / data-identifier-hash when the widget verifies identities), and how the site's backend
// signs the identifier (apps/server/src/modules/widget/visitors.ts checks hex HMAC-SHA256).
export const widgetSnippet = (origin: string, widgetKey: string): string =>
  `<script src="${origin}/widget.js" data-key="${widgetKey}" async></script>`;

/** The same tag with the signed identity of the customer logged into the site, filled in by its backend. */
export const verifiedWidgetSnippet = (origin: string, widgetKey: string): string =>
  `<script src="${origin}/widget.js" data-key="${widgetKey}" data-identifier="<CUSTOMER_ID>" data-identifier-hash="<IDENTIFIER_HASH>" async></script>`;

/** identifier_hash = hex HMAC-SHA256(identity secret, identifier), in Node.js. */
export const identityHashExample = `import { createHmac } from 'node:crypto';

const identifierHash = createHmac('sha256', process.env.ATENDE_IDENTITY_SECRET)
  .update(customerId)
  .digest('hex');`;
