/** The product preview's box, also the size its place keeps while its code loads. */
export const PREVIEW_BOX = 'h-20 rounded-xl border border-zinc-800 bg-zinc-900';
