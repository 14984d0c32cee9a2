// The widget's texts in the product's five languages, chosen from the visitor's browser languages.
import type { Language } from '@atende/contract';

export const TEXTS = {
  pt_br: {
    open: 'Abrir o chat',
    close: 'Fechar o chat',
    placeholder: 'Escreva sua mensagem…',
    send: 'Enviar',
    attach: 'Enviar arquivo',
    typing: '{name} está digitando…',
    offline: 'Nenhum atendente disponível agora. Deixe sua mensagem e responderemos por aqui.',
    start: 'Iniciar conversa',
    name: 'Nome',
    email: 'E-mail',
    phone: 'Telefone',
    optional: '(opcional)',
    failed: 'Não enviada. Tentaremos de novo.',
    error: 'Não foi possível conectar ao chat.',
  },
  pt_pt: {
    open: 'Abrir o chat',
    close: 'Fechar o chat',
    placeholder: 'Escreva a sua mensagem…',
    send: 'Enviar',
    attach: 'Enviar ficheiro',
    typing: '{name} está a escrever…',
    offline: 'Nenhum assistente disponível agora. Deixe a sua mensagem e responderemos aqui.',
    start: 'Iniciar conversa',
    name: 'Nome',
    email: 'E-mail',
    phone: 'Telefone',
    optional: '(opcional)',
    failed: 'Não enviada. Tentaremos novamente.',
    error: 'Não foi possível ligar ao chat.',
  },
  en: {
    open: 'Open the chat',
    close: 'Close the chat',
    placeholder: 'Type your message…',
    send: 'Send',
    attach: 'Send a file',
    typing: '{name} is typing…',
    offline: 'No agent is available right now. Leave a message and we will reply here.',
    start: 'Start chatting',
    name: 'Name',
    email: 'E-mail',
    phone: 'Phone',
    optional: '(optional)',
    failed: 'Not sent. We will try again.',
    error: 'Could not connect to the chat.',
  },
  es: {
    open: 'Abrir el chat',
    close: 'Cerrar el chat',
    placeholder: 'Escriba su mensaje…',
    send: 'Enviar',
    attach: 'Enviar archivo',
    typing: '{name} está escribiendo…',
    offline: 'Ningún agente está disponible ahora. Deje su mensaje y le responderemos aquí.',
    start: 'Iniciar conversación',
    name: 'Nombre',
    email: 'Correo electrónico',
    phone: 'Teléfono',
    optional: '(opcional)',
    failed: 'No enviado. Lo intentaremos de nuevo.',
    error: 'No fue posible conectar con el chat.',
  },
  fr: {
    open: 'Ouvrir le chat',
    close: 'Fermer le chat',
    placeholder: 'Écrivez votre message…',
    send: 'Envoyer',
    attach: 'Envoyer un fichier',
    typing: '{name} écrit…',
    offline: 'Aucun conseiller n’est disponible pour le moment. Laissez un message, nous répondrons ici.',
    start: 'Démarrer la conversation',
    name: 'Nom',
    email: 'E-mail',
    phone: 'Téléphone',
    optional: '(facultatif)',
    failed: 'Non envoyé. Nouvel essai bientôt.',
    error: 'Impossible de se connecter au chat.',
  },
} satisfies Record<Language, Record<string, string>>;

export type Texts = (typeof TEXTS)['pt_br'];

/** The first of the browser's languages the widget speaks (pt-PT apart from other Portuguese), else English. */
export function pickLanguage(tags: readonly string[]): Language {
  for (const raw of tags) {
    const tag = raw.toLowerCase();
    if (tag === 'pt-pt') return 'pt_pt';
    const base = tag.split('-')[0];
    if (base === 'pt') return 'pt_br';
    if (base === 'en' || base === 'es' || base === 'fr') return base;
  }
  return 'en';
}
