/** The endpoint's signing secret, shown once asked for: the receiver verifies with it. */
export function SecretBox({ secret, note }: { secret: string; note: string }) {
  return (
    <div className="rounded-lg border border-brand-500/40 bg-zinc-950 p-4">
      <p className="text-sm text-zinc-300">{note}</p>
      <code
        className="mt-2 block break-all rounded bg-zinc-900 px-3 py-2 font-mono text-sm text-zinc-100"
        aria-label="Signing secret"
      >
        {secret}
      </code>
    </div>
  );
}
