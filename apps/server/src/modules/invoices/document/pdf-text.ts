import type PDFDocument from 'pdfkit';
import { parsedFonts } from './fonts.js';

type Doc = InstanceType<typeof PDFDocument>;

/**
 * PDF/A forbids drawing the empty glyph (.notdef), which is what a font shows for a character it
 * lacks: an emoji, a CJK name, a private-use character. Every text the PDF draws is therefore cut to
 * what DejaVu covers, checked against the font files themselves. The XML keeps the original text.
 */

/** A tab is a jump to the next column on a screen; in a PDF line it becomes spaces. */
const TAB = '    ';
/** Shown instead of a letter the fonts lack, so the reader sees something was there. */
const REPLACEMENT = '\ufffd';
/**
 * Emoji (and their skin tones, flags' letters, joiners) and invisible characters carry no words: when
 * the fonts lack them they are left out rather than replaced.
 */
const SILENT = /[\p{Extended_Pictographic}\p{Emoji_Component}\p{Default_Ignorable_Code_Point}]/u;
/** Control characters, private-use code points and non-characters: nothing a reader could read. */
const NEVER_DRAWN = /[\p{Cc}\p{Co}\p{Cs}\u{fffe}\u{ffff}]/u;

interface GlyphSource {
  hasGlyphForCodePoint(codePoint: number): boolean;
}

let coverage: ((codePoint: number) => boolean) | undefined;

/** Both fonts draw any text (regular and bold): a character counts as covered only when both have it. */
function covered(codePoint: number): boolean {
  if (!coverage) {
    const parsed = parsedFonts();
    const fonts: GlyphSource[] = [parsed.regular, parsed.bold];
    const known = new Map<number, boolean>();
    coverage = (code) => {
      let answer = known.get(code);
      if (answer === undefined) {
        answer = fonts.every((font) => font.hasGlyphForCodePoint(code));
        known.set(code, answer);
      }
      return answer;
    };
  }
  return coverage(codePoint);
}

const graphemes = new Intl.Segmenter('fr', { granularity: 'grapheme' });
const PICTOGRAPH = /\p{Extended_Pictographic}/u;

/** One user-perceived character: all of it when the fonts have it, an emoji dropped whole, else piece by piece. */
function printableGrapheme(grapheme: string): string {
  const chars = [...grapheme].filter((char) => !NEVER_DRAWN.test(char));
  if (chars.every((char) => covered(char.codePointAt(0) ?? 0))) return chars.join('');
  if (PICTOGRAPH.test(grapheme)) return '';
  return chars
    .map((char) => {
      if (covered(char.codePointAt(0) ?? 0)) return char;
      if (SILENT.test(char)) return '';
      return covered(REPLACEMENT.codePointAt(0) ?? 0) ? REPLACEMENT : '?';
    })
    .join('');
}

/** `text` as the PDF draws it: line breaks kept, tabs as spaces, every other character one the fonts have. */
export function printableText(text: string): string {
  let out = '';
  for (const { segment } of graphemes.segment(text.normalize('NFC').replace(/\r\n?/g, '\n'))) {
    if (segment === '\n') out += segment;
    else if (segment === '\t') out += TAB;
    else out += printableGrapheme(segment);
  }
  return out;
}

/**
 * Makes `pdf` draw and measure every string through printableText: one place for all the text of the
 * invoice, including text a later change adds, and heights measured on the text that is drawn.
 */
export function drawOnlyPrintableText(pdf: Doc): void {
  const draw = pdf.text;
  const measure = pdf.heightOfString;
  const clean = (value: unknown) => (typeof value === 'string' ? printableText(value) : value);
  // pdfkit's overloads cannot be restated one by one: the wrappers pass every argument on unchanged but the text.
  pdf.text = function (this: Doc, value: unknown, ...rest: unknown[]) {
    return Reflect.apply(draw, this, [clean(value), ...rest]) as Doc;
  } as unknown as Doc['text'];
  pdf.heightOfString = function (this: Doc, value: unknown, ...rest: unknown[]) {
    return Reflect.apply(measure, this, [clean(value), ...rest]) as number;
  } as unknown as Doc['heightOfString'];
}
