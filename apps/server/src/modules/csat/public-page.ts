// The tiny public page a CSAT link opens (`/s/<token>`): plain, accessible HTML in the company's language —
// five radio buttons and a comment in one form that posts back to the same address, no script.
import { CSAT_COMMENT_MAX, LANGUAGE_TAGS, type Language } from '@atende/contract';
import { translate } from '../../platform/i18n/i18n.ts';

const escape = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;color:#1a1b1e}
fieldset{border:0;padding:0;margin:0 0 1rem}legend{font-weight:600;margin-bottom:.5rem}
.scale{display:flex;gap:.5rem}.scale label{flex:1;text-align:center;border:1px solid #868e96;border-radius:.5rem;padding:.5rem 0;cursor:pointer}
.scale input{margin:0 .25rem 0 0}.scale label:focus-within{outline:3px solid #1c7ed6}
textarea{width:100%;box-sizing:border-box;font:inherit}button{font:inherit;padding:.5rem 1rem;margin-top:1rem}
p.error{color:#c92a2a;font-weight:600}`;

function page(language: Language, body: string): string {
  const title = escape(translate(language, 'csat', 'title'));
  return `<!doctype html><html lang="${LANGUAGE_TAGS[language]}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${title}</title><style>${STYLE}</style></head><body><main><h1>${title}</h1>${body}</main></body></html>`;
}

/** The form; `error` is a translated problem with the last answer (a rating out of range). */
export function csatFormPage(language: Language, token: string, error?: string): string {
  const t = (key: Parameters<typeof translate<'csat'>>[2]) => escape(translate(language, 'csat', key));
  const options = [1, 2, 3, 4, 5]
    .map((rating) => {
      const label = rating === 1 ? t('worst') : rating === 5 ? t('best') : String(rating);
      return `<label><input type="radio" name="rating" value="${rating}" required aria-label="${label}">${rating}</label>`;
    })
    .join('');
  return page(
    language,
    `${error ? `<p class="error" role="alert">${escape(error)}</p>` : ''}
<form method="post" action="/s/${escape(token)}"><fieldset><legend>${t('question')}</legend>
<div class="scale" role="radiogroup">${options}</div><p><small>${t('worst')} · ${t('best')}</small></p></fieldset>
<label for="comment">${t('comment')}</label>
<textarea id="comment" name="comment" rows="4" maxlength="${CSAT_COMMENT_MAX}"></textarea>
<button type="submit">${t('submit')}</button></form>`,
  );
}

/** A message alone: thanks, already answered, or an invalid link. */
export function csatMessagePage(language: Language, key: 'thanks' | 'already' | 'invalid'): string {
  const role = key === 'invalid' ? ' role="alert"' : ' role="status"';
  return page(language, `<p${role}>${escape(translate(language, 'csat', key))}</p>`);
}
