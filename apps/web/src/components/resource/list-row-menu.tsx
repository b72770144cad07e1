/**
 * A row's actions, in a menu at the row's end (or the card's corner): Open, the screen's own
 * actions, and Delete (which the list confirms in its dialog). Its button is named after the row.
 */
import { ActionIcon, Menu } from '@mantine/core';
import { Link } from 'react-router';
import { ConceptIcon } from '../icons.tsx';
import classes from './list.module.css';
import type { RowAction } from './list-cells.tsx';
import { KIT_TEXTS } from './texts.ts';

export interface ListRowMenuProps {
  /** The row's name (the button's label: "Actions for <name>"). */
  name: string;
  /** Where Open goes. */
  href: string;
  actions: readonly RowAction[];
  /** Offers Delete; called to ask for confirmation. */
  onDelete?: () => void;
}

export function ListRowMenu({ name, href, actions, onDelete }: ListRowMenuProps) {
  return (
    // In the page (inside its landmark), fixed so no scroll container clips it.
    <Menu position="bottom-end" withinPortal={false} floatingStrategy="fixed" shadow="md">
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={KIT_TEXTS.actionsFor(name)}>
          <ConceptIcon concept="more" size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to={href}>
          {KIT_TEXTS.open}
        </Menu.Item>
        {actions.map((action) =>
          action.to !== undefined ? (
            <Menu.Item key={action.label} component={Link} to={action.to}>
              {action.label}
            </Menu.Item>
          ) : (
            <Menu.Item
              key={action.label}
              onClick={action.onClick}
              aria-haspopup={action.opensDialog ? 'dialog' : undefined}
            >
              {action.label}
            </Menu.Item>
          ),
        )}
        {onDelete && (
          <>
            <Menu.Divider />
            <Menu.Item
              className={classes.danger}
              leftSection={<ConceptIcon concept="delete" size={16} />}
              onClick={onDelete}
              aria-haspopup="dialog"
            >
              {KIT_TEXTS.delete}
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
