// A shortcut's keys as keycaps (Ctrl + K), shared by the help dialog and the palette.
import { Group, Kbd } from '@mantine/core';
import { displayKeys } from '../../lib/shortcuts.ts';

export function ShortcutKeys({ keys }: { keys: string }) {
  return (
    <Group gap={4} wrap="nowrap" component="span">
      {displayKeys(keys).map((key) => (
        <Kbd key={key} size="xs">
          {key}
        </Kbd>
      ))}
    </Group>
  );
}
