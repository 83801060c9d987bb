import { describe, expect, it } from 'vitest';
import { productEditorSchema } from '#shared/admin-product';
import {
  editorInputOf,
  featurePoints,
  formValuesOf,
  issuesLicenseKeys,
} from './product-form-values';

describe('the product form values', () => {
  it('start a new product as a draft download with the default three downloads', () => {
    const values = formValuesOf();
    expect(values).toMatchObject({
      name: '',
      price: '',
      categoryId: '',
      downloadLimit: '3',
      productType: 'digital_download',
      status: 'draft',
      fileUploadId: '',
    });
    expect(values.music).toMatchObject({ bpmMin: '', bpmMax: '', key: '', genres: [] });
  });

  it("fill in a saved product's fields as text, one tempo as the lowest BPM alone", () => {
    const values = formValuesOf({
      name: 'Drum Pack',
      price: '24.99',
      salePrice: '',
      tags: ['lo-fi', 'drums'],
      featured: true,
      purchaseLimit: 2,
      downloadLimit: 5,
      status: 'active',
      producer: { producer: 'Ada' },
      music: { bpmMin: 90, bpmMax: 90, key: 'A minor', genres: ['hip-hop'] },
    });
    expect(values).toMatchObject({
      name: 'Drum Pack',
      price: '24.99',
      salePrice: '',
      tags: 'lo-fi, drums',
      featured: true,
      purchaseLimit: '2',
      downloadLimit: '5',
      status: 'active',
    });
    expect(values.producer.producer).toBe('Ada');
    expect(values.music).toMatchObject({ bpmMin: '90', bpmMax: '', key: 'A minor' });
  });

  it('send what the owner typed as the API takes it', () => {
    const values = {
      ...formValuesOf(),
      name: 'Drum Pack',
      price: '24.99',
      tags: ' lo-fi,, drums ,',
      purchaseLimit: ' 2 ',
      music: { ...formValuesOf().music, bpmMin: '90', bpmMax: '' },
    };
    const input = editorInputOf(values);
    expect(input).toMatchObject({
      name: 'Drum Pack',
      price: '24.99',
      categoryId: null,
      tags: ['lo-fi', 'drums'],
      purchaseLimit: 2,
      downloadLimit: 3,
      producer: {},
    });
    expect(input.music).toMatchObject({ bpmMin: 90, bpmMax: null, key: null });
    expect(input).not.toHaveProperty('fileUploadId');
  });

  it('leave blank producer details out and send a finished upload as the new file', () => {
    const values = formValuesOf();
    const input = editorInputOf({
      ...values,
      producer: { ...values.producer, producer: '  ', format: 'ZIP: WAV loops' },
      fileUploadId: 'upload-1',
    });
    expect(input.producer).toEqual({ format: 'ZIP: WAV loops' });
    expect(input).toMatchObject({ fileUploadId: 'upload-1' });
  });

  it('send a blank or non-numeric number as NaN, for the schema to name the field', () => {
    const input = editorInputOf({ ...formValuesOf(), downloadLimit: ' ', purchaseLimit: 'two' });
    expect(input.downloadLimit).toBeNaN();
    expect(input.purchaseLimit).toBeNaN();
  });

  it('let a new product’s category decide its licence keys until the owner sets them', () => {
    const categories = [
      { id: 'c-plugins', slug: 'plugins' },
      { id: 'c-packs', slug: 'audio-midi-packs' },
    ];
    const fresh = formValuesOf();
    expect(fresh).toMatchObject({ licenseKeys: null, activationLimit: '3', licenseDays: '' });
    expect(issuesLicenseKeys({ ...fresh, categoryId: 'c-plugins' }, categories)).toBe(true);
    expect(issuesLicenseKeys({ ...fresh, categoryId: 'c-packs' }, categories)).toBe(false);
    expect(
      issuesLicenseKeys({ ...fresh, categoryId: 'c-plugins', licenseKeys: false }, categories),
    ).toBe(false);
    // Unset, it is left to the server; set, it is sent with the machines and the length.
    expect(editorInputOf(fresh)).not.toHaveProperty('licenseKeys');
    const typed = editorInputOf({
      ...fresh,
      name: 'Synth',
      price: '49',
      licenseKeys: true,
      activationLimit: '5',
      licenseDays: '365',
    });
    expect(typed).toMatchObject({ licenseKeys: true, activationLimit: 5, licenseDays: 365 });
    expect(productEditorSchema.safeParse(typed).success).toBe(true);
    const none = editorInputOf({ ...fresh, name: 'Synth', price: '49', activationLimit: '0' });
    expect(productEditorSchema.safeParse(none).error?.issues[0]?.path).toEqual(['activationLimit']);
  });

  it("show a new product the chosen category's points until the owner edits them", () => {
    const categories = [
      { id: 'c-synths', defaultFeatures: ['VST3 and AU'] },
      { id: 'c-packs', defaultFeatures: ['WAV loops'] },
    ];
    const fresh = { ...formValuesOf(), name: 'Pad', price: '9.00', categoryId: 'c-synths' };
    expect(featurePoints(fresh, categories)).toEqual(['VST3 and AU']);
    expect(featurePoints({ ...fresh, categoryId: 'c-packs' }, categories)).toEqual(['WAV loops']);
    expect(featurePoints({ ...fresh, categoryId: '' }, categories)).toEqual([]);
    // Not edited: the server gives it its category's points.
    expect(editorInputOf(fresh)).not.toHaveProperty('features');
    // Edited (even to none): its own, whatever the category.
    const own = { ...fresh, features: [] };
    expect(featurePoints(own, categories)).toEqual([]);
    expect(editorInputOf(own).features).toEqual([]);
    // A saved product has its own points.
    expect(formValuesOf({ features: ['Saved'] }).features).toEqual(['Saved']);
  });

  it.each([
    [{ refundDays: null, freeUpdates: null }, 'store', '', 'store'],
    [{ refundDays: 0, freeUpdates: false }, 'none', '', 'no'],
    [{ refundDays: 14, freeUpdates: true }, 'days', '14', 'yes'],
  ] as const)(
    'read and send the promises %o as chosen',
    (saved, refundMode, refundDays, freeUpdates) => {
      const values = formValuesOf({ name: 'Synth', price: '9.00', ...saved });
      expect(values).toMatchObject({ refundMode, refundDays, freeUpdates });
      const input = editorInputOf(values);
      expect(productEditorSchema.parse(input)).toMatchObject(saved);
    },
  );

  it('send a blank own money-back window for the schema to refuse', () => {
    const values = {
      ...formValuesOf({ name: 'Synth', price: '9.00' }),
      refundMode: 'days' as const,
    };
    expect(productEditorSchema.safeParse(editorInputOf(values)).success).toBe(false);
  });
});
