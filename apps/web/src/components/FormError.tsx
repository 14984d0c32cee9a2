// A form's failure that belongs to none of its fields (the server's refusal, a rule across fields): said
// below the fields and announced to screen readers; nothing when there is none.
import { Text } from '@mantine/core';

export interface FormErrorProps {
  error: string | null | undefined;
  testId?: string;
}

export function FormError({ error, testId }: FormErrorProps) {
  if (!error) return null;
  return (
    <Text size="sm" c="red" role="alert" data-testid={testId}>
      {error}
    </Text>
  );
}
