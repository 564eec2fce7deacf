import { ActionIcon, Tooltip } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { PLAN_ISSUE_LINK } from './shell-links';

/** The warning icon shown while the plan is past due; it leads to the plan page. */
export function PlanIssueWarning() {
  return (
    <Tooltip label="Payment issue: review your plan">
      <ActionIcon
        component={Link}
        to={PLAN_ISSUE_LINK.to}
        variant="light"
        color="red"
        size="lg"
        aria-label="Payment issue: review your plan"
      >
        <IconAlertTriangle size={20} stroke={1.8} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}
