import { describe, expect, it } from 'vitest';
import { addChip } from '../components/workspace/chip-input.tsx';
import { MetadataFormSchema, toFormatBody, type MetadataFormValues } from './metadata-form.ts';

const valid: MetadataFormValues = {
  genre: 'literature',
  description: 'A novel of manners.',
  keywords: [],
  categories: [],
  language: 'en',
  paperType: 'white',
  publicationYear: '',
  isbn: '',
  affiliation: '',
  course: '',
  instructor: '',
  dueDate: '',
};

function messages(values: Partial<MetadataFormValues>): string[] {
  const result = MetadataFormSchema.safeParse({ ...valid, ...values });
  return result.success ? [] : result.error.issues.map((i) => i.message);
}

describe('addChip', () => {
  it('adds a trimmed, new, non-empty value only', () => {
    expect(addChip(['poetry'], '  verse ')).toEqual(['poetry', 'verse']);
    expect(addChip(['poetry'], 'poetry')).toEqual(['poetry']);
    expect(addChip(['poetry'], ' poetry ')).toEqual(['poetry']);
    expect(addChip(['poetry'], '   ')).toEqual(['poetry']);
  });
});

describe('MetadataFormSchema', () => {
  it('gives the spec messages for a missing genre and a short description', () => {
    expect(messages({ genre: '' })).toEqual(['Please select a genre']);
    expect(messages({ description: 'Too short' })).toEqual(['Description must be at least 10 characters']);
  });

  it('keeps the publication year between 1000 and 2024', () => {
    expect(messages({ publicationYear: '999' })).toEqual(['Publication year must be 1000 or later']);
    expect(messages({ publicationYear: '2025' })).toEqual(['Publication year must be 2024 or earlier']);
    expect(messages({ publicationYear: '1813' })).toEqual([]);
  });
});

describe('toFormatBody', () => {
  it('builds the format request without naming a layout (the book keeps its own), leaving out blank optional fields', () => {
    expect(toFormatBody({ ...valid, keywords: ['regency'], course: '  ' })).toEqual({
      genre: 'literature',
      metadata: { description: 'A novel of manners.', keywords: ['regency'], categories: [], language: 'en', paperType: 'white' },
    });
    expect(toFormatBody({ ...valid, paperType: 'cream' }).metadata.paperType).toBe('cream');
    expect(toFormatBody({ ...valid, course: ' HIST 301 ', instructor: 'Dr. Reyes' }).metadata.paper).toEqual({ course: 'HIST 301', instructor: 'Dr. Reyes' });
    expect(toFormatBody({ ...valid, publicationYear: '1813', isbn: ' 978-0-123456-78-9 ' }).metadata).toMatchObject({
      publicationYear: 1813,
      isbn: '978-0-123456-78-9',
    });
  });

  it('sends the title-page details trimmed, beside the other metadata, and leaves the blank ones out', () => {
    const metadata = toFormatBody({ ...valid, subtitle: ' or, The Modern Prometheus ', translator: '', editor: '  ', edition: 'Third Edition' }).metadata;
    expect(metadata).toMatchObject({ subtitle: 'or, The Modern Prometheus', edition: 'Third Edition' });
    expect(Object.keys(metadata)).not.toContain('translator');
    expect(Object.keys(metadata)).not.toContain('editor');
    expect(Object.keys(metadata)).not.toContain('publisher');
  });

  it('limits each title-page detail to the contract’s 200 characters', () => {
    expect(messages({ publisher: 'x'.repeat(201) })).toEqual(['Publisher must be at most 200 characters']);
  });

  it('limits the description to KDP’s 4,000 characters and the ISBN to 17, with the contract’s messages', () => {
    expect(messages({ description: 'x'.repeat(4000) })).toEqual([]);
    expect(messages({ description: 'x'.repeat(4001) })).toEqual(['Description must be at most 4,000 characters']);
    expect(messages({ isbn: '978-0-123456-78-9' })).toEqual([]);
    expect(messages({ isbn: '978-12345-1234567-1234567-9' })).toEqual(['ISBN must look like 978-0-123456-78-9']);
  });
});
