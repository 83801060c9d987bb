import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { supportFieldLimits, supportMessageSchema } from './support';
import { fieldErrors } from './validation';

const valid = {
  name: 'Grace',
  email: 'grace@example.com',
  category: 'licensing',
  subject: 'Can I use the loops in a film?',
  message: 'Asking for a sync project.',
};

/** What the form shows and the server answers in `error.fields`: field → messages. */
function refusal(input: unknown) {
  const result = supportMessageSchema.safeParse(input);
  return result.success ? null : fieldErrors(result.error.issues);
}

describe('supportMessageSchema (the contact form and POST /api/support)', () => {
  it('accepts a message, trimming each text and filing it under general by default', () => {
    const { category: _omitted, ...withoutCategory } = valid;
    const result = supportMessageSchema.safeParse({
      ...withoutCategory,
      name: '  Grace ',
      email: ' grace@example.com ',
      subject: ' Sync \n',
      message: '\nLine one.\n\nLine two.\n',
    });
    expect(result.success && result.data).toEqual({
      name: 'Grace',
      email: 'grace@example.com',
      category: 'general',
      subject: 'Sync',
      message: 'Line one.\n\nLine two.',
    });
  });

  it.each([
    [{ name: ' ' }, { name: ['Name is required'] }],
    [{ subject: '' }, { subject: ['Subject is required'] }],
    [{ message: '\n\t ' }, { message: ['Message is required'] }],
    [{ email: 'nope' }, { email: ['Please enter a valid email address'] }],
    [{ email: 'a@b' }, { email: ['Please enter a valid email address'] }],
    [{ email: '' }, { email: ['Email is required', 'Please enter a valid email address'] }],
  ])('%o is refused with %o', (change, fields) => {
    expect(refusal({ ...valid, ...change })).toEqual(fields);
  });

  it.each(Object.entries(supportFieldLimits))(
    'keeps %s to %i characters once trimmed',
    (field, max) => {
      const fill = (length: number) =>
        field === 'email'
          ? `${'a'.repeat(length - '@example.com'.length)}@example.com`
          : 'x'.repeat(length);
      expect(refusal({ ...valid, [field]: `  ${fill(max)}  ` })).toBeNull();
      const label = field.charAt(0).toUpperCase() + field.slice(1);
      expect(refusal({ ...valid, [field]: fill(max + 1) })?.[field]).toEqual([
        `${label} is too long`,
      ]);
    },
  );

  it('refuses a category the store does not have', () => {
    expect(Object.keys(refusal({ ...valid, category: 'sales' }) ?? {})).toEqual(['category']);
  });

  it('never lets through a text that is blank once trimmed', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\s*$/), (blank) => {
        expect(refusal({ ...valid, subject: blank })).toEqual({
          subject: ['Subject is required'],
        });
      }),
    );
  });
});
