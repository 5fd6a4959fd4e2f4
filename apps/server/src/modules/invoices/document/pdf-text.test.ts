import { describe, expect, it } from 'vitest';
import { printableText } from './pdf-text.js';

describe('printableText: what the PDF draws of a text', () => {
  it('keeps French text, the euro sign, typographic quotes and line breaks as they are', () => {
    const text = 'Création d’un logo — « été » : 1 250,50 €\nŒuvre n°2, ß, Ÿ';
    expect(printableText(text)).toBe(text);
  });

  it('turns a tab into spaces and a Windows line break into one line feed', () => {
    expect(printableText('Conseil\tjour 1\r\nsuite')).toBe('Conseil    jour 1\nsuite');
  });

  it('leaves out the emoji DejaVu lacks, with their joiners and skin tones, and keeps those it has', () => {
    expect(printableText('Merci 🚀!')).toBe('Merci !');
    expect(printableText('Bravo 👍🏽 et 🧾')).toBe('Bravo  et ');
    expect(printableText('Famille 👩‍👩‍👧')).toBe('Famille ');
    // DejaVu Sans draws these two itself (black and white): no reason to drop them.
    expect(printableText('Bonjour 😀 ❤')).toBe('Bonjour 😀 ❤');
  });

  it('replaces letters of scripts DejaVu lacks (CJK) by U+FFFD, which it draws', () => {
    expect(printableText('Client 東京株式会社')).toBe('Client \ufffd\ufffd\ufffd\ufffd\ufffd\ufffd');
    expect(printableText('déjà \ufffd')).toBe('déjà \ufffd');
  });

  it('drops control characters, private-use code points and lone surrogates', () => {
    expect(printableText('a\u0007b\u001bc\u0085d')).toBe('abcd');
    expect(printableText('logo \ue000 privé')).toBe('logo  privé');
    expect(printableText('x\ud800y')).toBe('xy');
  });

  it('composes decomposed accents (NFC), which DejaVu draws as one glyph', () => {
    expect(printableText('e\u0301te\u0301')).toBe('été');
  });
});
