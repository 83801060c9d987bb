import type { HTMLAttributes } from 'react';

type CardElement = 'div' | 'section' | 'article' | 'aside' | 'nav' | 'li' | 'p';

/**
 * The bordered, rounded panel the pages set their content on. `as` keeps the element the
 * content calls for (a section with its heading, a list item); `className` adds the padding
 * and layout of each use.
 */
export function Card({
  as: Element = 'div',
  className = '',
  ...props
}: HTMLAttributes<HTMLElement> & { as?: CardElement }) {
  return (
    <Element className={`rounded-xl border border-zinc-800 bg-zinc-900 ${className}`} {...props} />
  );
}
