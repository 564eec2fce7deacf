import { ActionIcon, Menu } from '@mantine/core';
import { IconDots, type Icon } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';

/**
 * One entry of a library item's menu: a link to another page, or an action that changes the
 * item (edit, delete…), which needs a connection.
 */
export type ItemAction = { label: string; icon: Icon } & (
  { to: string } | { onClick: () => void; danger?: boolean }
);

/** The "…" menu of a track or an image; the actions that change the item are off while offline. */
export function ItemActionsMenu({
  name,
  online,
  actions,
}: {
  /** The item's name, for the button's label. */
  name: string;
  online: boolean;
  actions: ItemAction[];
}) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${name}`}>
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {actions.map((action) => {
          const icon = <action.icon size={16} aria-hidden />;
          return 'to' in action ? (
            <Menu.Item key={action.label} component={Link} to={action.to} leftSection={icon}>
              {action.label}
            </Menu.Item>
          ) : (
            <Menu.Item
              key={action.label}
              color={action.danger ? 'red' : undefined}
              leftSection={icon}
              disabled={!online}
              onClick={action.onClick}
            >
              {action.label}
            </Menu.Item>
          );
        })}
        {!online && <Menu.Label>Editing needs a connection</Menu.Label>}
      </Menu.Dropdown>
    </Menu>
  );
}
