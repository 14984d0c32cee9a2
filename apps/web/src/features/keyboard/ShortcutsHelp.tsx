// The `?` dialog: every shortcut registered at the moment (lib/shortcuts.ts), so what the attendant reads is
// what the keys do on this screen (the palette's own actions, without keys, are not listed), and how the
// contact list is walked with the arrows.
import { Modal, Table, Text } from '@mantine/core';
import { useTranslation } from '../../lib/i18n.ts';
import { useRegisteredShortcuts } from '../../lib/shortcuts.ts';
import { ShortcutKeys } from './ShortcutKeys.tsx';

interface ShortcutsHelpProps {
  opened: boolean;
  onClose: () => void;
}

export function ShortcutsHelp({ opened, onClose }: ShortcutsHelpProps) {
  const { t } = useTranslation();
  const shortcuts = useRegisteredShortcuts();
  return (
    <Modal opened={opened} onClose={onClose} title={t('shortcuts.help.title')} size="lg">
      <Table data-testid="shortcuts-help" verticalSpacing={6}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('shortcuts.help.action')}</Table.Th>
            <Table.Th>{t('shortcuts.help.keys')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shortcuts.map(
            ({ id, label, keys }) =>
              keys && (
                <Table.Tr key={id}>
                  <Table.Td>{t(label)}</Table.Td>
                  <Table.Td>
                    <ShortcutKeys keys={keys} />
                  </Table.Td>
                </Table.Tr>
              ),
          )}
        </Table.Tbody>
      </Table>
      <Text size="sm" mt="md">
        {t('shortcuts.help.listNote')}
      </Text>
    </Modal>
  );
}
