import MarkdownIt from 'markdown-it';

/**
 * The store's one Markdown renderer, for what the owner writes (the legal pages, campaigns,
 * changelogs): CommonMark with tables and strikethrough, no raw HTML (it is shown as text), and
 * markdown-it's link check, which drops `javascript:`, `vbscript:`, `file:` and non-image `data:`
 * links. Links open where they point; bare addresses become links.
 */
const markdown = new MarkdownIt({ html: false, linkify: true, typographer: false });

/** HTML safe to place in a page or an e-mail, from the owner's Markdown. */
export function renderMarkdown(source: string): string {
  return markdown.render(source);
}

/** A section heading of a rendered document, linkable as `#id`. */
export interface DocumentHeading {
  id: string;
  text: string;
}

/** 'Refunds & returns' → 'refunds-returns'; an empty result becomes 'section'. */
const slug = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '') || 'section';

/**
 * A page's HTML with an id on each second-level heading (unique within the page), and those
 * headings in order: what an "On this page" menu lists and a `#section` link lands on.
 */
export function renderDocument(source: string): { html: string; headings: DocumentHeading[] } {
  const tokens = markdown.parse(source, {});
  const headings: DocumentHeading[] = [];
  const taken = new Map<string, number>();
  tokens.forEach((token, index) => {
    if (token.type !== 'heading_open' || token.tag !== 'h2') return;
    const text = tokens[index + 1]?.children
      ?.filter((child) => child.type === 'text' || child.type === 'code_inline')
      .map((child) => child.content)
      .join('')
      .trim();
    if (!text) return;
    const base = slug(text);
    const seen = taken.get(base) ?? 0;
    taken.set(base, seen + 1);
    const id = seen === 0 ? base : `${base}-${seen + 1}`;
    token.attrSet('id', id);
    headings.push({ id, text });
  });
  return { html: markdown.renderer.render(tokens, markdown.options, {}), headings };
}
