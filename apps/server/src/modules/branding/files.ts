// White-label files as the company uploads them: the type is judged by the content (magic bytes, the markup's
// root), never by the name or the declared type. Only PNG and SVG are taken. An SVG is served to the login page
// of anyone, so one that carries anything active (scripts, event handlers, foreign objects, references to
// other files or sites) is refused outright: an administrator learns their file is unsafe instead of getting
// a silently changed logo. What passes is still run through DOMPurify's SVG profile, which also drops what an
// editor leaves in (its own elements and attributes) that the browser never needs.
import { BRAND_FILE_MAX_BYTES, type BrandFile } from '@atende/contract';
import type { DOMPurify } from 'dompurify';
import { fileTypeFromBuffer } from 'file-type';
import { AppError } from '../../platform/errors.ts';
import type { RawFile } from '../../platform/multipart.ts';

export type BrandFileData = { data: Buffer; extension: 'png' | 'svg' };

const ACTIVE_ELEMENTS = new Set(['script', 'foreignobject', 'iframe', 'object', 'embed', 'audio', 'video']);
const REFERENCE_ATTRIBUTES = new Set(['href', 'xlink:href', 'src']);
/** A url(…) or @import in CSS that points anywhere but an element of the same file (url(#gradient)). */
const EXTERNAL_CSS = /@import|url\(\s*['"]?\s*(?!#)/i;

type Purifier = { purify: DOMPurify; flags: string[] };

/** Built on first use: jsdom costs about a second to load, which every server start would pay. */
let purifier: Promise<Purifier> | null = null;

async function createPurifier(): Promise<Purifier> {
  const [{ default: createDOMPurify }, { JSDOM }] = await Promise.all([import('dompurify'), import('jsdom')]);
  const purify = createDOMPurify(new JSDOM('').window);
  const flags: string[] = [];
  purify.addHook('uponSanitizeElement', (node, data) => {
    if (ACTIVE_ELEMENTS.has(data.tagName)) flags.push(data.tagName);
    if (data.tagName === 'style' && EXTERNAL_CSS.test(node.textContent ?? '')) flags.push('style');
  });
  purify.addHook('uponSanitizeAttribute', (_node, data) => {
    const name = data.attrName.toLowerCase();
    const value = data.attrValue.trim();
    if (name.startsWith('on')) flags.push(name);
    if (REFERENCE_ATTRIBUTES.has(name) && !value.startsWith('#')) flags.push(name);
    if (EXTERNAL_CSS.test(value)) flags.push(name);
  });
  return { purify, flags };
}

async function sanitizeSvg(data: Buffer): Promise<Buffer> {
  const text = data.toString('utf8');
  // Not UTF-8 text (a binary file renamed .svg): not an SVG.
  if (!Buffer.from(text, 'utf8').equals(data) || text.includes('\0')) {
    throw new AppError('brand_file_type', 400);
  }
  purifier ??= createPurifier();
  const { purify, flags } = await purifier;
  flags.length = 0;
  const fragment = purify.sanitize(text, {
    USE_PROFILES: { svg: true, svgFilters: true },
    RETURN_DOM_FRAGMENT: true,
  });
  if (flags.length > 0) throw new AppError('brand_svg_unsafe', 400);
  const root = fragment.firstElementChild;
  if (
    fragment.childElementCount !== 1 ||
    root?.namespaceURI !== 'http://www.w3.org/2000/svg' ||
    root.localName !== 'svg'
  ) {
    throw new AppError('brand_file_type', 400);
  }
  root.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  return Buffer.from(root.outerHTML, 'utf8');
}

const brandFileLimit = (kind: BrandFile) => BRAND_FILE_MAX_BYTES[kind === 'favicon' ? 'favicon' : 'logo'];

export const brandFileTooLarge = (kind: BrandFile) =>
  new AppError('brand_file_too_large', 400, { limit: `${Math.round(brandFileLimit(kind) / 1024)} KB` });

/** The file to keep for `kind`, or a translated 400 saying why not. */
export async function inspectBrandFile(kind: BrandFile, upload: RawFile): Promise<BrandFileData> {
  if (upload.data.length === 0) throw new AppError('file_required', 400);
  if (upload.data.length > brandFileLimit(kind)) throw brandFileTooLarge(kind);
  const detected = (await fileTypeFromBuffer(upload.data))?.mime;
  const png = detected === 'image/png';
  // SVG is text: file-type names no type for it, or XML for one with an <?xml?> declaration.
  if (!png && detected !== undefined && detected !== 'application/xml') {
    throw new AppError('brand_file_type', 400);
  }
  const data = png ? upload.data : await sanitizeSvg(upload.data);
  const extension = png ? ('png' as const) : ('svg' as const);
  return { data, extension };
}

export const BRAND_FILE_TYPES = { png: 'image/png', svg: 'image/svg+xml' } as const;
