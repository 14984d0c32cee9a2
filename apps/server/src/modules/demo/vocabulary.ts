// Names, places and message texts of Brazilian customers, shared by the demo seed and the traffic simulator.

export const FIRST = [
  'Ana',
  'Bruno',
  'Carla',
  'Diego',
  'Eduarda',
  'Felipe',
  'Gabriela',
  'Henrique',
  'Isabela',
  'João',
  'Larissa',
  'Marcos',
  'Natália',
  'Otávio',
  'Paula',
  'Rafael',
  'Sofia',
  'Thiago',
  'Vanessa',
  'William',
  'Camila',
  'Lucas',
  'Mariana',
  'Gustavo',
  'Beatriz',
  'Rodrigo',
  'Letícia',
  'André',
  'Fernanda',
  'Vinícius',
];
export const LAST = [
  'Silva',
  'Santos',
  'Oliveira',
  'Souza',
  'Rodrigues',
  'Ferreira',
  'Alves',
  'Pereira',
  'Lima',
  'Gomes',
  'Costa',
  'Ribeiro',
  'Martins',
  'Carvalho',
  'Almeida',
  'Lopes',
  'Soares',
  'Fernandes',
  'Vieira',
  'Barbosa',
];
export const CITIES = [
  'São Paulo',
  'Rio de Janeiro',
  'Belo Horizonte',
  'Curitiba',
  'Porto Alegre',
  'Recife',
  'Salvador',
  'Fortaleza',
  'Campinas',
  'Goiânia',
];
export const DDD = ['11', '21', '31', '41', '51', '81', '71', '85', '19', '62'];
export const CUSTOMER = [
  'Olá, boa tarde! Gostaria de saber o status do meu pedido.',
  'Meu boleto venceu ontem, consigo pagar sem juros?',
  'Vocês entregam em Campinas? Quanto fica o frete?',
  'Recebi o produto com defeito, como faço a troca?',
  'Quero cancelar minha assinatura, por favor.',
  'Bom dia, não estou conseguindo acessar o aplicativo.',
  'Qual o prazo de entrega para o CEP 01310-100?',
  'Fiz o pagamento via Pix, podem confirmar?',
  'Preciso da segunda via da fatura deste mês.',
  'Oi! Vi a promoção no Instagram, ainda está valendo?',
  'A cobrança veio em duplicidade no meu cartão.',
  'Gostaria de falar com um atendente, por favor.',
  'Ainda não recebi o código de rastreio.',
  'Posso parcelar em quantas vezes?',
  'Obrigado pelo retorno! Ficou tudo certo.',
];
export const ATTENDANT = [
  'Olá! Obrigado por entrar em contato. Vou verificar para você.',
  'Um momento, por favor, estou consultando o seu cadastro.',
  'Pronto! O pedido já saiu para entrega e chega em até 2 dias úteis.',
  'Enviei a segunda via para o seu e-mail cadastrado.',
  'Consegui isentar os juros, o novo boleto já está disponível.',
  'Abri a solicitação de troca, o código de postagem chega por e-mail.',
  'Posso ajudar em algo mais?',
];
/** mulberry32: a tiny deterministic PRNG, so every demo install looks the same. */
export function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
