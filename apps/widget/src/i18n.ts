// The widget's texts in the product's five languages, chosen from the visitor's browser languages.
import { DEFAULT_LANGUAGE, languageOfTag, type Language } from '@atende/contract';

export const TEXTS = {
  pt_br: {
    open: 'Abrir o chat',
    close: 'Fechar o chat',
    dialog: 'Janela de conversa',
    message: 'Mensagem',
    placeholder: 'Escreva sua mensagem…',
    send: 'Enviar',
    attach: 'Enviar arquivo',
    typing: '{name} está digitando…',
    offline: 'Nenhum atendente disponível agora. Deixe sua mensagem e responderemos por aqui.',
    closed: 'Estamos fora do horário de atendimento. Deixe sua mensagem e responderemos assim que voltarmos.',
    start: 'Iniciar conversa',
    name: 'Nome',
    email: 'E-mail',
    phone: 'Telefone',
    optional: '(opcional)',
    failed: 'Não enviada. Tentaremos de novo.',
    error: 'Não foi possível conectar ao chat.',
    too_fast: 'Você está enviando mensagens rápido demais; aguarde um momento e envie de novo.',
    quote_deleted: 'Mensagem apagada',
  },
  pt_pt: {
    open: 'Abrir o chat',
    close: 'Fechar o chat',
    dialog: 'Janela de conversa',
    message: 'Mensagem',
    placeholder: 'Escreva a sua mensagem…',
    send: 'Enviar',
    attach: 'Enviar ficheiro',
    typing: '{name} está a escrever…',
    offline: 'Nenhum assistente disponível agora. Deixe a sua mensagem e responderemos aqui.',
    closed:
      'Estamos fora do horário de atendimento. Deixe a sua mensagem e responderemos assim que voltarmos.',
    start: 'Iniciar conversa',
    name: 'Nome',
    email: 'E-mail',
    phone: 'Telefone',
    optional: '(opcional)',
    failed: 'Não enviada. Tentaremos novamente.',
    error: 'Não foi possível ligar ao chat.',
    too_fast: 'Está a enviar mensagens demasiado depressa; aguarde um momento e volte a enviar.',
    quote_deleted: 'Mensagem apagada',
  },
  en: {
    open: 'Open the chat',
    close: 'Close the chat',
    dialog: 'Chat window',
    message: 'Message',
    placeholder: 'Type your message…',
    send: 'Send',
    attach: 'Send a file',
    typing: '{name} is typing…',
    offline: 'No agent is available right now. Leave a message and we will reply here.',
    closed: 'We are outside our business hours. Leave a message and we will reply as soon as we are back.',
    start: 'Start chatting',
    name: 'Name',
    email: 'E-mail',
    phone: 'Phone',
    optional: '(optional)',
    failed: 'Not sent. We will try again.',
    error: 'Could not connect to the chat.',
    too_fast: 'You are sending messages too fast; wait a moment and send again.',
    quote_deleted: 'Message deleted',
  },
  es: {
    open: 'Abrir el chat',
    close: 'Cerrar el chat',
    dialog: 'Ventana de chat',
    message: 'Mensaje',
    placeholder: 'Escriba su mensaje…',
    send: 'Enviar',
    attach: 'Enviar archivo',
    typing: '{name} está escribiendo…',
    offline: 'Ningún agente está disponible ahora. Deje su mensaje y le responderemos aquí.',
    closed: 'Estamos fuera del horario de atención. Deje su mensaje y le responderemos en cuanto volvamos.',
    start: 'Iniciar conversación',
    name: 'Nombre',
    email: 'Correo electrónico',
    phone: 'Teléfono',
    optional: '(opcional)',
    failed: 'No enviado. Lo intentaremos de nuevo.',
    error: 'No fue posible conectar con el chat.',
    too_fast: 'Está enviando mensajes demasiado rápido; espere un momento y vuelva a enviar.',
    quote_deleted: 'Mensaje eliminado',
  },
  fr: {
    open: 'Ouvrir le chat',
    close: 'Fermer le chat',
    dialog: 'Fenêtre de discussion',
    message: 'Message',
    placeholder: 'Écrivez votre message…',
    send: 'Envoyer',
    attach: 'Envoyer un fichier',
    typing: '{name} écrit…',
    offline: 'Aucun conseiller n’est disponible pour le moment. Laissez un message, nous répondrons ici.',
    closed:
      'Nous sommes en dehors de nos horaires d’ouverture. Laissez un message, nous répondrons dès notre retour.',
    start: 'Démarrer la conversation',
    name: 'Nom',
    email: 'E-mail',
    phone: 'Téléphone',
    optional: '(facultatif)',
    failed: 'Non envoyé. Nouvel essai bientôt.',
    error: 'Impossible de se connecter au chat.',
    too_fast: 'Vous envoyez des messages trop vite ; patientez un instant puis renvoyez.',
    quote_deleted: 'Message supprimé',
  },
} satisfies Record<Language, Record<string, string>>;

export type Texts = (typeof TEXTS)['pt_br'];

/**
 * The first of the browser's languages the widget speaks; else the product's default language (pt_br), the one
 * of the companies' own texts beside the widget's (title, greeting), rather than English.
 */
export function pickLanguage(tags: readonly string[]): Language {
  for (const tag of tags) {
    const language = languageOfTag(tag);
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
}
