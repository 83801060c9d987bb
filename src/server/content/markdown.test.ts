import { describe, expect, it } from 'vitest';
import { renderDocument, renderMarkdown } from './markdown';

describe('renderMarkdown', () => {
  it('renders headings, lists, emphasis, links and tables', () => {
    const html = renderMarkdown(
      '# Terms\n\n- one\n- **two**\n\n[Support](https://example.com/help)\n\n| a | b |\n|---|---|\n| 1 | 2 |',
    );
    expect(html).toContain('<h1>Terms</h1>');
    expect(html).toContain('<li><strong>two</strong></li>');
    expect(html).toContain('<a href="https://example.com/help">Support</a>');
    expect(html).toContain('<td>1</td>');
  });

  it('shows raw HTML as text and drops script links', () => {
    const html = renderMarkdown(
      '<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\n[x](javascript:alert(1)) [y](data:text/html;base64,PHNjcmlwdD4=)',
    );
    expect(html).not.toMatch(/<script|<img|href="javascript|href="data/i);
    expect(html).toContain('&lt;script&gt;');
  });
});

describe('renderDocument', () => {
  it('gives each second-level heading a unique id and lists them in order', () => {
    const { html, headings } = renderDocument(
      '# Terms\n\n## Refunds & *returns*\n\ntext\n\n## Your `account`\n\n### Detail\n\n## Refunds & returns\n\n## <b>',
    );
    expect(headings).toEqual([
      { id: 'refunds-returns', text: 'Refunds & returns' },
      { id: 'your-account', text: 'Your account' },
      { id: 'refunds-returns-2', text: 'Refunds & returns' },
      { id: 'b', text: '<b>' },
    ]);
    expect(html).toContain('<h2 id="refunds-returns">Refunds &amp; <em>returns</em></h2>');
    expect(html).toContain('<h2 id="refunds-returns-2">');
    expect(html).toContain('<h3>Detail</h3>');
    expect(html).toContain('<h2 id="b">&lt;b&gt;</h2>');
  });
});
