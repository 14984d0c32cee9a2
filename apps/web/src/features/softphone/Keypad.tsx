// The phone's keypad: twelve keys that either add to a number to dial or, in a call, send DTMF tones.
import { SimpleGrid, UnstyledButton } from '@mantine/core';
import classes from './Softphone.module.css';

export const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '*', '0', '#'] as const;

export function Keypad({ onKey, label }: { onKey: (key: string) => void; label: string }) {
  return (
    <SimpleGrid cols={3} spacing={6} verticalSpacing={6} role="group" aria-label={label}>
      {KEYS.map((key) => (
        <UnstyledButton
          key={key}
          className={classes.key}
          onClick={() => onKey(key)}
          data-testid={`keypad-${key}`}
        >
          {key}
        </UnstyledButton>
      ))}
    </SimpleGrid>
  );
}
