import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './markdown';

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
