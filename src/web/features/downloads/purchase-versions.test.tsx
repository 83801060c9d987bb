// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Changelog } from './purchase-versions';

afterEach(cleanup);

describe('Changelog', () => {
  it('shows headings, lists and paragraphs as text', () => {
    const { container } = render(
      <Changelog markdown={'## New\n\n- **MPE** support\n- Faster browser\n\nThanks to `all`.'} />,
    );
    expect(screen.getByText('New')).toHaveProperty('tagName', 'P');
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'MPE support',
      'Faster browser',
    ]);
    expect(container.textContent).toContain('Thanks to all.');
  });

  it('never turns a changelog into markup', () => {
    const { container } = render(
      <Changelog markdown={'<img src=x onerror="alert(1)"> <script>alert(2)</script>'} />,
    );
    expect(container.querySelector('img, script')).toBeNull();
    expect(container.textContent).toContain('<script>alert(2)</script>');
  });
});
