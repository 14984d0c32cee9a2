// E-mail HTML as the console may show it: DOMPurify on a server-side DOM, no scripts, forms, frames or
// event handlers, and no remote loads (images, styles, fonts), which would tell the sender the mail was read.
import type { DOMPurify } from 'dompurify';

const REMOTE = /^\s*(https?:|\/\/)/i;

/**
 * The sanitiser, built on first use: jsdom costs about a second to load, which every server start would pay
 * for a view few requests ask for.
 */
let sanitizer: Promise<DOMPurify> | null = null;

async function createSanitizer(): Promise<DOMPurify> {
  const [{ default: createDOMPurify }, { JSDOM }] = await Promise.all([import('dompurify'), import('jsdom')]);
  const purify = createDOMPurify(new JSDOM('').window);
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
  return purify;
}

export async function sanitizeEmailHtml(html: string): Promise<string> {
  sanitizer ??= createSanitizer();
  return (await sanitizer).sanitize(html, {
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
