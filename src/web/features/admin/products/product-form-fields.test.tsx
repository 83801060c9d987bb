// @vitest-environment jsdom
import { useState } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { AdminCategory } from '#shared/admin-categories';
import { ProductFormFields } from './product-form-fields';
import { formValuesOf, type ErrorsOf, type ProductFormValues } from './product-form-values';

const categories: AdminCategory[] = [
  {
    id: '5d1c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
    name: 'Drum Kits',
    slug: 'drum-kits',
    description: null,
    position: 0,
    defaultFeatures: [],
    productCount: 2,
  },
];

/** The fields as the editor holds them; `latest` is what the form holds after each change. */
function renderFields(
  errorsOf: ErrorsOf = () => undefined,
  start: Partial<ProductFormValues> = {},
) {
  const latest: { values: ProductFormValues } = { values: { ...formValuesOf(), ...start } };
  function Editor() {
    const [values, setValues] = useState(latest.values);
    latest.values = values;
    return (
      <ProductFormFields
        values={values}
        setValues={setValues}
        errorsOf={errorsOf}
        categories={categories}
        file={null}
      />
    );
  }
  render(
    <QueryClientProvider client={new QueryClient()}>
      <Editor />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), latest };
}

afterEach(cleanup);

describe("the product editor's fields", () => {
  it('says nothing of "No file yet" once a file is uploaded, only that saving sells it', () => {
    renderFields(undefined, { fileUploadId: '7a1c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c4d' });
    expect(screen.queryByText(/No file yet/)).toBeNull();
    expect(screen.getByText('Buyers download the upload above once you save.')).toBeTruthy();
  });

  it('says a new product has no file until one is uploaded', () => {
    renderFields();
    expect(screen.getByText('No file yet: buyers download what you upload here.')).toBeTruthy();
  });

  it('shows each message beside the field it is about, nested ones included', () => {
    const messages: Record<string, string[]> = {
      name: ['Name is required'],
      price: ['Enter a price like 24.99'],
      'producer.producer': ['Producer is too long'],
      'music.bpmMin': ['BPM must be a whole number from 20 to 999'],
    };
    renderFields((field) => messages[field]);

    for (const [label, message] of [
      ['Name', 'Name is required'],
      ['Price ($)', 'Enter a price like 24.99'],
      ['Producer (optional)', 'Producer is too long'],
    ] as const) {
      const input = screen.getByLabelText(label);
      expect(input.getAttribute('aria-invalid')).toBe('true');
      const described = input.getAttribute('aria-describedby') ?? '';
      expect(described.split(' ').map((id) => document.getElementById(id)?.textContent)).toContain(
        message,
      );
    }
    expect(screen.getByText('BPM must be a whole number from 20 to 999')).toBeTruthy();
    expect(screen.getByLabelText('Sale price ($, optional)').getAttribute('aria-invalid')).toBe(
      null,
    );
  });

  it('keeps what the owner types, ticks and chooses, nested fields included', async () => {
    const { user, latest } = renderFields();
    await user.type(screen.getByLabelText('Name'), 'Drum Pack');
    await user.type(screen.getByLabelText('Producer (optional)'), 'Ada');
    await user.selectOptions(screen.getByLabelText('Category'), 'Drum Kits');
    await user.click(screen.getByLabelText('Featured'));
    const genres = screen.getByRole('group', { name: 'Genres (optional)' });
    const [first, second] = within(genres).getAllByRole('checkbox');
    await user.click(second!);
    await user.click(first!);

    expect(latest.values).toMatchObject({
      name: 'Drum Pack',
      categoryId: categories[0]!.id,
      featured: true,
      producer: { producer: 'Ada' },
    });
    // Chosen genres keep the vocabulary's order, whatever the order of the clicks.
    expect(latest.values.music.genres).toEqual([
      (first as HTMLInputElement).value,
      (second as HTMLInputElement).value,
    ]);
  });

  it('offers no category and each of the store categories', () => {
    renderFields();
    const options = within(screen.getByLabelText('Category')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['No category', 'Drum Kits']);
  });
});
