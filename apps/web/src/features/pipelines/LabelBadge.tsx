// A pipeline label as a badge: the company picks any colour, so its text is black or white, whichever reads
// better on it (Mantine's autoContrast switches at a luminance threshold and left white at 4.3:1 on teal).
import { readableForeground, type PipelineLabel } from '@atende/contract';
import { Badge } from '@mantine/core';

export function LabelBadge({ label }: { label: Pick<PipelineLabel, 'name' | 'colour'> }) {
  return (
    <Badge size="xs" radius="sm" color={label.colour} c={readableForeground(label.colour)}>
      {label.name}
    </Badge>
  );
}
