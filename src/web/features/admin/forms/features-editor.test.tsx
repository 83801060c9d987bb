// @vitest-environment jsdom
import { useState } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { featuresSchema, promiseMessages } from '#shared/promises';
import { fieldErrors } from '#shared/validation';
import { FeaturesEditor } from './features-editor';

/** The editor as a form holds it: its points in state, the shared schema's messages live. */
function renderEditor(start: string[]) {
  const latest = { points: start };
  function Form() {
    const [points, setPoints] = useState(start);
    latest.points = points;
    const checked = featuresSchema.safeParse(points);
    const errors = checked.success
      ? {}
      : fieldErrors(checked.error.issues.map((i) => ({ ...i, path: ['features', ...i.path] })));
    return (
      <FeaturesEditor
        name="features"
        legend="Feature points"
        points={points}
        onChange={setPoints}
        errorsOf={(field) => errors[field]}
      />
    );
  }
  render(<Form />);
  return { user: userEvent.setup(), latest };
}

const inputs = () => screen.queryAllByRole('textbox') as HTMLInputElement[];

afterEach(cleanup);

describe('the feature points editor', () => {
  it('adds a point, focused to type in, and says how many there are', async () => {
    const { user, latest } = renderEditor(['Wavetable synthesis']);
    expect(screen.getByText(/1 of 12 points/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add a point' }));
    expect(document.activeElement).toBe(inputs()[1]);
    // Empty, it is not a point yet: the schema's message shows under it.
    expect(screen.getByText(promiseMessages.feature)).toBeTruthy();
    await user.keyboard('VST3 and AU');
    expect(latest.points).toEqual(['Wavetable synthesis', 'VST3 and AU']);
    expect(screen.queryByText(promiseMessages.feature)).toBeNull();
    expect(screen.getByText(/2 of 12 points/)).toBeTruthy();
  });

  it('edits a point in place', async () => {
    const { user, latest } = renderEditor(['One', 'Two']);
    await user.clear(screen.getByRole('textbox', { name: 'Point 2' }));
    await user.type(screen.getByRole('textbox', { name: 'Point 2' }), '400 presets');
    expect(latest.points).toEqual(['One', '400 presets']);
  });

  it('moves points up and down, the focus staying with the moved point', async () => {
    const { user, latest } = renderEditor(['A', 'B', 'C']);
    expect(
      (screen.getByRole('button', { name: 'Move point 1 up' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Move point 3 up' }));
    expect(latest.points).toEqual(['A', 'C', 'B']);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move point 2 up' }));
    await user.click(screen.getByRole('button', { name: 'Move point 2 up' }));
    expect(latest.points).toEqual(['C', 'A', 'B']);
    // At the top, its up button is off: the focus goes to its down button.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move point 1 down' }));
    await user.click(screen.getByRole('button', { name: 'Move point 1 down' }));
    expect(latest.points).toEqual(['A', 'C', 'B']);
  });

  it('removes a point, and the last one leaves the focus on Add', async () => {
    const { user, latest } = renderEditor(['A', 'B']);
    await user.click(screen.getByRole('button', { name: 'Remove point 1' }));
    expect(latest.points).toEqual(['B']);
    await user.click(screen.getByRole('button', { name: 'Remove point 1' }));
    expect(latest.points).toEqual([]);
    expect(inputs()).toHaveLength(0);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add a point' }));
  });

  it('takes no more than 12 points', async () => {
    const { user, latest } = renderEditor(Array.from({ length: 11 }, (_, i) => `Point ${i + 1}`));
    const add = screen.getByRole('button', { name: 'Add a point' }) as HTMLButtonElement;
    await user.click(add);
    await user.keyboard('Twelve');
    expect(latest.points).toHaveLength(12);
    expect(add.disabled).toBe(true);
    expect(screen.getByText(/12 of 12 points/)).toBeTruthy();
  });
});
