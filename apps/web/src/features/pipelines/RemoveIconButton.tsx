// The small red cross that removes one thing of a card (a file, a comment), named by its tooltip.
import { ActionIcon, Tooltip } from '@mantine/core';
import { CloseIcon } from '../../components/Icons.tsx';

export function RemoveIconButton({
  label,
  busy,
  onClick,
}: {
  label: string;
  busy: boolean;
  onClick: () => void;
}) {
  return (
    <Tooltip label={label}>
      <ActionIcon size="sm" variant="subtle" color="red" aria-label={label} loading={busy} onClick={onClick}>
        <CloseIcon size={14} />
      </ActionIcon>
    </Tooltip>
  );
}
