/** The document title, through React 19's hoisted <title>: 'Page · Loopmarket'. */
export function PageTitle({ title }: { title?: string }) {
  return <title>{title ? `${title} · Loopmarket` : 'Loopmarket'}</title>;
}
