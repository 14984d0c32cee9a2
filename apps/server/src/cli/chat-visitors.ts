// `npm run simulate -- --chat`: chat customers as real widget visitors (packages/simulators' chat visitor,
// the protocol apps/widget speaks) on the running server's public address; attendants' answers are printed.
import { ChatVisitor } from '@atende/simulators/chat-visitor';

export type ChatVisitors = {
  write(person: { name: string; email: string }, text: string): Promise<void>;
  stop(): void;
};

export function chatVisitors(baseUrl: string, widgetKey: string): ChatVisitors {
  const visitors = new Map<string, ChatVisitor>();
  const printReplies = async (visitor: ChatVisitor, name: string) => {
    // nextMessage also answers messages already received: each reply is printed once, by its id.
    const printed = new Set<string>();
    for (;;) {
      const reply = await visitor
        .nextMessage((message) => message.direction === 'out' && !printed.has(message.id), 24 * 3_600_000)
        .catch(() => null);
      if (!reply) return;
      printed.add(reply.id);
      console.log(`chat → ${name}: ${reply.author ?? ''}: ${reply.text}`);
    }
  };
  return {
    async write(person, text) {
      let visitor = visitors.get(person.email);
      if (!visitor) {
        visitor = new ChatVisitor({ baseUrl, widgetKey, language: 'pt-BR' });
        await visitor.start({ name: person.name, email: person.email });
        await visitor.connect();
        visitors.set(person.email, visitor);
        void printReplies(visitor, person.name);
      }
      await visitor.send(text);
    },
    stop() {
      for (const visitor of visitors.values()) visitor.disconnect();
    },
  };
}
