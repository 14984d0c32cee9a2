// Words of the benchmark's messages: Portuguese (most customers) and English, as sentence parts combined per
// message, so the data set holds thousands of distinct texts with a natural spread of common and rare words and
// search has real work to do. Names come from the demo's vocabulary.
import { ATTENDANT, CUSTOMER, FIRST, LAST } from '../../../apps/server/src/modules/demo/vocabulary.ts';

export { FIRST, LAST };

export type Phrasebook = {
  /** What a customer writes: an opening, a subject (with {n}, an order or invoice number) and a closing. */
  customerOpenings: string[];
  customerSubjects: string[];
  customerClosings: string[];
  /** What an attendant answers. */
  attendantAnswers: string[];
};

export const PORTUGUESE: Phrasebook = {
  customerOpenings: [
    'Olá, boa tarde!',
    'Bom dia,',
    'Boa noite, tudo bem?',
    'Oi!',
    'Olá, preciso de ajuda.',
    'Por favor,',
    'Com licença,',
    'Oi, sou cliente há anos e',
    '',
  ],
  customerSubjects: [
    ...CUSTOMER,
    'o pedido {n} ainda não chegou e o rastreio não atualiza.',
    'a fatura {n} veio com um valor diferente do contratado.',
    'quero trocar o endereço de entrega do pedido {n}.',
    'o aplicativo mostra erro ao finalizar a compra {n}.',
    'paguei o boleto {n} mas consta como pendente.',
    'gostaria de renegociar a dívida do contrato {n}.',
    'a internet está caindo toda hora desde ontem.',
    'recebi uma cobrança indevida referente ao protocolo {n}.',
    'preciso alterar a data de vencimento das parcelas.',
    'o técnico não compareceu na visita agendada.',
    'meu cartão foi recusado na compra {n}.',
    'quero saber se o reembolso do pedido {n} já foi feito.',
    'a garantia do produto cobre a troca da bateria?',
    'não consigo redefinir a minha senha.',
    'vocês têm loja física em Curitiba ou Porto Alegre?',
    'o produto chegou errado, pedi azul e veio preto.',
    'qual o horário de atendimento no sábado?',
    'gostaria de contratar o plano empresarial.',
  ],
  customerClosings: [
    'Obrigado!',
    'Aguardo retorno.',
    'Fico no aguardo.',
    'Obrigada pela atenção.',
    'É urgente, por favor.',
    '',
    '',
  ],
  attendantAnswers: [
    ...ATTENDANT,
    'Verifiquei aqui e o pedido {n} está em rota de entrega.',
    'Gerei um novo boleto com vencimento para amanhã, número {n}.',
    'Registrei a sua reclamação sob o protocolo {n}.',
    'O reembolso foi processado e aparece em até 5 dias úteis na fatura.',
    'Agendei uma nova visita técnica para quinta-feira pela manhã.',
    'Para sua segurança, poderia confirmar os três primeiros dígitos do CPF?',
    'A troca foi aprovada; o entregador retira o produto na próxima semana.',
    'Atualizei o endereço de entrega conforme solicitado.',
    'Nosso horário aos sábados é das 9h às 14h.',
  ],
};

export const ENGLISH: Phrasebook = {
  customerOpenings: ['Hi,', 'Hello!', 'Good morning,', 'Hey there,', 'Hi, I need some help:', ''],
  customerSubjects: [
    'my order {n} has not arrived yet and tracking shows no update.',
    'I was charged twice for invoice {n}.',
    'can I change the delivery address for order {n}?',
    'the app crashes when I try to pay.',
    'I would like to cancel my subscription.',
    'how long does the refund for order {n} take?',
    'the product arrived damaged, how do I return it?',
    'do you ship to Lisbon or Buenos Aires?',
    'I cannot reset my password.',
    'is the promotion from your newsletter still valid?',
    'what are your opening hours on Saturday?',
    'the technician did not show up for the appointment.',
  ],
  customerClosings: ['Thanks!', 'Thank you.', 'Looking forward to your reply.', 'This is urgent.', ''],
  attendantAnswers: [
    'Thanks for reaching out! Let me check that for you.',
    'Your order {n} is out for delivery and should arrive within two business days.',
    'I have issued a refund for invoice {n}; it shows on your statement within 5 days.',
    'I registered your complaint under ticket {n}.',
    'I have updated the delivery address as requested.',
    'Is there anything else I can help you with?',
  ],
};

export const EVENT_TAGS = ['vip', 'inadimplente', 'novo', 'empresa', 'revenda'];
export const THREAD_NOTES = [
  'Cliente pediu retorno do financeiro.',
  'Verificar com a logística o prazo real.',
  'Supervisor aprovou o desconto de 10%.',
  'Aguardando nota fiscal do parceiro.',
];
