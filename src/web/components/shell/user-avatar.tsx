/** The signed-in user's initial in a circle: the header's sign that someone is signed in. */
export function UserAvatar({ label }: { label: string }) {
  return (
    <span
      aria-hidden="true"
      className="grid size-8 shrink-0 place-items-center rounded-full bg-brand-600 text-sm font-semibold text-white uppercase"
    >
      {Array.from(label)[0] ?? '?'}
    </span>
  );
}
