import { Button, type ButtonProps } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import type { MouseEvent, ReactNode } from 'react';

/**
 * A link styled as a button to a path with a query string (/checkout?plan=…), followed by the
 * router without reloading the app; a new tab or window still opens it as a link.
 */
export function HrefButton({
  href,
  children,
  onClick,
  ...props
}: ButtonProps & {
  href: string;
  children: ReactNode;
  'aria-label'?: string;
  /** Called first (a Tooltip around the button listens too). */
  onClick?: (event: MouseEvent) => void;
}) {
  const navigate = useNavigate();
  return (
    <Button
      component="a"
      href={href}
      {...props}
      onClick={(event: MouseEvent) => {
        onClick?.(event);
        if (event.metaKey || event.ctrlKey || event.shiftKey) return;
        event.preventDefault();
        if (!props.disabled) void navigate({ href });
      }}
    >
      {children}
    </Button>
  );
}
