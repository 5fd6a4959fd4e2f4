import { randomBytes } from 'node:crypto';
import { constants, deflateRawSync, deflateSync } from 'node:zlib';
import { buildCiiXml } from '../modules/invoices/document/cii-xml.js';
import { invoiceDocument } from '../modules/invoices/document/invoice-document.js';
import { ublInvoice } from './einvoice-samples.js';
import { invoiceRow } from './invoice-row.js';

/* Files built to hurt whoever reads them — small on disk, huge once read — and a large honest one. */

/** A PDF object: a dictionary, or a stream (its dictionary's /Length is written here). */
export type PdfObject = string | { dictionary: string; stream: Buffer };

/** A PDF written by hand, objects numbered from 1 in order, the first one its catalog, offsets computed. */
export function handWrittenPdf(objects: PdfObject[]): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n')];
  let length = parts[0]?.length ?? 0;
  const offsets: number[] = [];
  const push = (buffer: Buffer) => {
    parts.push(buffer);
    length += buffer.length;
  };
  objects.forEach((object, index) => {
    offsets.push(length);
    if (typeof object === 'string') {
      push(Buffer.from(`${index + 1} 0 obj\n${object}\nendobj\n`));
      return;
    }
    const dictionary = object.dictionary.replace(/>>$/, `/Length ${object.stream.length} >>`);
    push(Buffer.from(`${index + 1} 0 obj\n${dictionary}\nstream\n`));
    push(object.stream);
    push(Buffer.from('\nendstream\nendobj\n'));
  });
  const xref = length;
  const entries = offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  const size = objects.length + 1;
  push(
    Buffer.from(
      `xref\n0 ${size}\n0000000000 65535 f \n${entries}trailer\n<< /Size ${size} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`,
    ),
  );
  return Buffer.concat(parts);
}

const MIB = 1024 * 1024;

/**
 * A zlib stream of `inflatedBytes` zeros, some 1,000 times smaller: one deflated MiB of zeros (about
 * 1 KiB, ending on a flush so it can be followed) repeated, then the final block and the checksum (the
 * Adler-32 of n zeros is 1, n mod 65521) — written without ever holding the inflated bytes.
 */
export function deflateBomb(inflatedBytes: number): Buffer {
  const mebibytes = Math.ceil(inflatedBytes / MIB);
  const block = deflateRawSync(Buffer.alloc(MIB), { finishFlush: constants.Z_SYNC_FLUSH });
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE((((mebibytes * MIB) % 65521) * 65536 + 1) >>> 0);
  const lastBlock = Buffer.from([0x03, 0x00]);
  return Buffer.concat([Buffer.from([0x78, 0x9c]), ...Array(mebibytes).fill(block), lastBlock, adler]);
}

/**
 * A Factur-X-looking PDF whose embedded files are the given streams (already encoded with `filter`):
 * the first named factur-x.xml, the others pièce-N.xml.
 */
export function pdfWithAttachments(streams: Buffer[], filter = '/FlateDecode'): Buffer {
  const first = 4;
  const names = streams.map((_, i) => (i === 0 ? 'factur-x.xml' : `piece-${i}.xml`));
  const fileSpecs = names.map(
    (name, i) =>
      `<< /Type /Filespec /F (${name}) /UF (${name}) /EF << /F ${first + streams.length + i} 0 R >> >>`,
  );
  const tree = names.map((name, i) => `(${name}) ${first + i} 0 R`).join(' ');
  return handWrittenPdf([
    `<< /Type /Catalog /Pages 2 0 R /Names << /EmbeddedFiles << /Names [${tree}] >> >> >>`,
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>',
    ...fileSpecs,
    ...streams.map((stream) => ({
      dictionary: `<< /Type /EmbeddedFile /Subtype /text#2Fxml /Filter ${filter} >>`,
      stream,
    })),
  ]);
}

/** A Factur-X PDF of about 1 MB whose factur-x.xml inflates to 1 GiB. */
export function facturxBomb(): Buffer {
  return pdfWithAttachments([deflateBomb(1024 * MIB)]);
}

/** The same bomb deflated twice (a chain of filters): a few KB on disk. */
export function doublyDeflatedBomb(): Buffer {
  return pdfWithAttachments([deflateSync(deflateBomb(1024 * MIB))], '[/FlateDecode /FlateDecode]');
}

/** Many attachments each under the limit of one, far past it together. */
export function manyAttachmentsBomb(count: number, eachBytes: number): Buffer {
  const stream = deflateBomb(eachBytes);
  return pdfWithAttachments(Array.from({ length: count }, () => stream));
}

const CII_ROOT =
  '<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100">';

/** An invoice XML nesting `depth` elements. */
export function deepXml(depth: number): Buffer {
  return Buffer.from(`${CII_ROOT}${'<a>'.repeat(depth)}${'</a>'.repeat(depth)}</rsm:CrossIndustryInvoice>`);
}

/** An invoice XML of `count` empty elements side by side. */
export function wideXml(count: number): Buffer {
  return Buffer.from(`${CII_ROOT}${'<a/>'.repeat(count)}</rsm:CrossIndustryInvoice>`);
}

/**
 * Few elements, but millions of attributes: past every limit told beforehand (size, elements, depth),
 * yet each attribute becomes a property of an object — what only the reading thread's memory limit stops.
 */
export function attributeBomb(bytes: number): Buffer {
  const attributes = Array.from({ length: Math.floor(bytes / 12) }, (_, i) => ` a${i.toString(36)}="1"`);
  return Buffer.from(`${CII_ROOT}<a${attributes.join('')}/></rsm:CrossIndustryInvoice>`);
}

/**
 * An honest UBL invoice of about `bytes` (a long one: some thousand lines with long descriptions), under
 * the XML limits, numbered `numero`.
 */
export function largeUblInvoice(bytes: number, numero: string): Buffer {
  const sample = ublInvoice({ numero });
  const start = sample.lastIndexOf('<cac:InvoiceLine>');
  const end = sample.lastIndexOf('</cac:InvoiceLine>') + '</cac:InvoiceLine>'.length;
  const line = sample
    .slice(start, end)
    .replace('Marque-page', `Marque-page illustré, série « ${'Atelier du papier — '.repeat(60)}»`);
  const count = Math.max(1, Math.floor((bytes - Buffer.byteLength(sample)) / Buffer.byteLength(line)));
  return Buffer.from(sample.slice(0, start) + line.repeat(count) + sample.slice(end));
}

/**
 * An honest Factur-X of about `bytes`, numbered `numero`: the CII Facturo writes, and a page image of
 * random (incompressible) bytes making up the size — as a scanned or illustrated invoice is large.
 */
export function largeFacturx(bytes: number, numero: string): Buffer {
  const cii = deflateSync(Buffer.from(buildCiiXml(invoiceDocument(invoiceRow({ numero })))));
  const image = randomBytes(Math.max(0, bytes - cii.length - 2048));
  return handWrittenPdf([
    '<< /Type /Catalog /Pages 2 0 R /Names << /EmbeddedFiles << /Names [(factur-x.xml) 4 0 R] >> >> >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /XObject << /Im1 6 0 R >> >> >>',
    '<< /Type /Filespec /F (factur-x.xml) /UF (factur-x.xml) /AFRelationship /Data /EF << /F 5 0 R >> >>',
    { dictionary: '<< /Type /EmbeddedFile /Subtype /text#2Fxml /Filter /FlateDecode >>', stream: cii },
    {
      dictionary:
        '<< /Type /XObject /Subtype /Image /Width 1000 /Height 1000 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode >>',
      stream: image,
    },
  ]);
}
