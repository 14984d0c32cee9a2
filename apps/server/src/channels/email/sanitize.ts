// E-mail HTML as the console may show it: DOMPurify on a server-side DOM, no scripts, forms, frames or
// event handlers, and no remote loads (images, styles, fonts), which would tell the sender the mail was read.
import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';

const { window } = new JSDOM('');
const purify = createDOMPurify(window);

const REMOTE = /^\s*(https?:|\/\/)/i;

purify.addHook('afterSanitizeAttributes', (node) => {
  for (const attribute of ['src', 'srcset', 'background', 'poster']) {
    const value = node.getAttribute(attribute);
    if (value && (REMOTE.test(value) || attribute === 'srcset')) node.removeAttribute(attribute);
  }
  const style = node.getAttribute('style');
  if (style && /url\s*\(/i.test(style))
    node.setAttribute('style', style.replace(/url\s*\([^)]*\)/gi, 'none'));
  if (node.tagName === 'A') {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  }
});

export function sanitizeEmailHtml(html: string): string {
  return purify.sanitize(html, {
    FORBID_TAGS: [
      'style',
      'link',
      'form',
      'input',
      'button',
      'textarea',
      'select',
      'iframe',
      'object',
      'embed',
    ],
    FORBID_ATTR: ['action', 'formaction'],
    ALLOW_DATA_ATTR: false,
    WHOLE_DOCUMENT: false,
  });
}
