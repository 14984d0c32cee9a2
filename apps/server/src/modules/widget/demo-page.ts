// /widget-demo: a stand-in for a customer's site, embedding the demo company's widget with the one-line
// snippet a company pastes into its own pages.
import { LANGUAGE_TAGS, type Language } from '@atende/contract';

const TEXTS: Record<Language, { title: string; intro: string; snippet: string }> = {
  pt_br: {
    title: 'Demonstração do chat do site',
    intro:
      'Esta página imita o site de uma empresa. Clique no botão do canto para conversar com um atendente.',
    snippet: 'Para colocar o chat no seu site, cole esta linha na página:',
  },
  pt_pt: {
    title: 'Demonstração do chat do site',
    intro: 'Esta página imita o site de uma empresa. Clique no botão do canto para falar com um assistente.',
    snippet: 'Para colocar o chat no seu site, cole esta linha na página:',
  },
  en: {
    title: 'Website chat demo',
    intro:
      'This page stands in for a company’s website. Click the button in the corner to chat with an agent.',
    snippet: 'To put the chat on your own site, paste this line into the page:',
  },
  es: {
    title: 'Demostración del chat del sitio',
    intro:
      'Esta página imita el sitio de una empresa. Haga clic en el botón de la esquina para hablar con un agente.',
    snippet: 'Para poner el chat en su sitio, pegue esta línea en la página:',
  },
  fr: {
    title: 'Démonstration du chat du site',
    intro:
      'Cette page imite le site d’une entreprise. Cliquez sur le bouton dans le coin pour discuter avec un conseiller.',
    snippet: 'Pour mettre le chat sur votre site, collez cette ligne dans la page :',
  },
};

export const DEMO_SNIPPET = '<script src="/widget.js" data-key="demo" async></script>';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function demoPage(language: Language): string {
  const texts = TEXTS[language];
  return `<!doctype html>
<html lang="${LANGUAGE_TAGS[language]}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(texts.title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;color:#222;line-height:1.5}code{background:#f2f2f2;padding:.2rem .4rem;border-radius:4px}</style>
</head>
<body>
<h1>${escapeHtml(texts.title)}</h1>
<p>${escapeHtml(texts.intro)}</p>
<p>${escapeHtml(texts.snippet)}</p>
<p><code>${escapeHtml(DEMO_SNIPPET)}</code></p>
${DEMO_SNIPPET}
</body>
</html>
`;
}
