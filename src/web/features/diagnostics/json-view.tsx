/** A value as indented JSON, scrollable, for reading what the server or the browser holds. */
export function JsonView({ value, label }: { value: unknown; label: string }) {
  return (
    <pre
      aria-label={label}
      tabIndex={0}
      className="max-h-96 overflow-auto rounded-lg border border-zinc-800 bg-zinc-950 p-4 font-mono text-xs leading-relaxed text-zinc-300"
    >
      {value === undefined ? '(nothing)' : JSON.stringify(value, null, 2)}
    </pre>
  );
}
