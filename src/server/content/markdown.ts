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
