import { Title, type TitleProps } from '@mantine/core';

/**
 * A screen section's heading: an h2 under the screen name's h1 (a level beside the context panel's h2s), drawn at
 * h4 size; `sub` for a heading inside a section: an h3 drawn at h5 size. Heading levels don't skip (axe heading-order)
 * and the look is the old h4/h5.
 */
export function TituloSecao({ sub, ...props }: Omit<TitleProps, 'order' | 'size'> & { sub?: boolean }) {
  return <Title order={sub ? 3 : 2} size={sub ? 'h5' : 'h4'} {...props} />;
}
