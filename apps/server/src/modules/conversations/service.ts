// The conversation service: its life (lifecycle.ts) and who has it (assignment.ts).
import { assignmentOperations } from './assignment.ts';
import { lifecycleOperations, type LifecycleDeps } from './lifecycle.ts';

export type ConversationService = ReturnType<typeof conversationService>;

export function conversationService(deps: LifecycleDeps) {
  const lifecycle = lifecycleOperations(deps);
  return { ...lifecycle, ...assignmentOperations(deps, lifecycle) };
}
