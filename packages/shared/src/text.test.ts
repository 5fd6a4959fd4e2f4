import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  fieldLabel,
  isMultiLineText,
  isSingleLineText,
  multiLineText,
  singleLineMessage,
  singleLineText,
  textKinds,
  unstorableCharacterMessage,
} from './text.js';

describe('the text rule', () => {
  it.each([
    ['plain text with accents and an emoji', 'Élodie Ça va 👍', true, true],
    ['a tab', 'a\tb', false, true],
    ['a line feed', 'a\nb', false, true],
    ['a CRLF', 'a\r\nb', false, true],
    ['a lone carriage return', 'a\rb', false, false],
    ['U+0000', 'a\u0000b', false, false],
    ['a lone high surrogate', 'a\ud800b', false, false],
    ['a lone low surrogate', 'a\udc00b', false, false],
    ['a reversed pair', '\udc00\ud800', false, false],
    ['BEL', 'a\u0007b', false, false],
    ['DEL', 'a\u007fb', false, false],
    ['a C1 control (NEL)', 'a\u0085b', false, false],
    ['U+2028', 'a\u2028b', false, false],
    ['U+2029', 'a\u2029b', false, false],
  ])('%s: single-line %s, multi-line %s', (_case, value, single, multi) => {
    expect(isSingleLineText(value)).toBe(single);
    expect(isMultiLineText(value)).toBe(multi);
  });

  it('words its refusal with the field it is in, in French', () => {
    const schema = z.object({ lignes: z.array(z.object({ description: singleLineText(10) })) });
    const result = schema.safeParse({ lignes: [{ description: 'ok' }, { description: 'a\nb' }] });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      singleLineMessage(['lignes', 1, 'description']),
    ]);
    expect(fieldLabel(['lignes', 1, 'description'])).toBe('Ligne 2 – Description');
    const nul = z.object({ nom: singleLineText(10) }).safeParse({ nom: 'a\u0000' });
    expect(nul.error?.issues[0]?.message).toBe(unstorableCharacterMessage(['nom']));
    expect(unstorableCharacterMessage(['nom'])).toContain('Caractère non autorisé dans le champ « Nom »');
  });

  it('trims single-line text before judging it, and tags each schema with its kind', () => {
    expect(singleLineText(10).parse('  Nantes\n')).toBe('Nantes');
    expect(multiLineText(50).parse('Ligne 1\r\nLigne 2\tfin')).toBe('Ligne 1\r\nLigne 2\tfin');
    expect(textKinds.get(singleLineText(10).min(1))?.kind).toBe('single-line');
    expect(textKinds.get(multiLineText(10))?.kind).toBe('multi-line');
  });
});
