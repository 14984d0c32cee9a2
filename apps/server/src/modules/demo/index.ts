// The demo module has no HTTP routes: its surface is the local control socket's commands (main.ts starts the
// socket with them) and the demo seed (seed.ts: database.ts on a fresh install, the CLI, the bench).
import type { ControlHandler } from '../../platform/control-socket.ts';
import { demoCommands } from './control.ts';
import { demoService, type DemoDeps } from './service.ts';

/** The control socket's commands, bound once to what the demo service uses. */
export function controlCommands(deps: DemoDeps): ControlHandler {
  return demoCommands(demoService(deps));
}
