import { Anchor, type AnchorProps, Button, type ButtonProps } from '@mantine/core';
import { createLink } from '@tanstack/react-router';
import type { AnchorHTMLAttributes, Ref } from 'react';

type AnchorAttributes = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'color' | 'style'> & { ref?: Ref<HTMLAnchorElement> };

/**
 * Mantine's Button and Anchor as router links (TanStack's createLink): the
 * same look as `component={Link}`, and the route's params and search stay
 * typed.
 */
export const ButtonLink = createLink((props: ButtonProps & AnchorAttributes) => <Button component="a" {...props} />);
export const AnchorLink = createLink((props: AnchorProps & AnchorAttributes) => <Anchor {...props} />);
