import { describe, expect, it } from 'vitest';
import { AppError } from '../../../lib/errors.js';
import { CDAR_SAMPLES, cdarBuyer, cdarSample, cdarSeller } from '../../../test/cdar-samples.js';
import { CDAR_NS } from './cdar-codes.js';
import type { CdarMessage } from './cdar-message.js';
import { CDAR_MAX_BYTES, parseCdar } from './cdar-parse.js';
import { cdarXml } from './cdar-xml.js';

/** The AppError a call throws (the test fails when it throws nothing or something else). */
function thrown(call: () => unknown): AppError {
  try {
    call();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('nothing thrown');
}

function expectInvalid(call: () => unknown, words: RegExp) {
  const error = thrown(call);
  expect(error.status).toBe(400);
  expect(error.errorType).toBe('invalid_cdar');
  expect(error.message).toMatch(words);
}

/** What the reader gives back for a message: a 212's VAT split it always states (211's MPA has none). */
function asRead(message: CdarMessage): CdarMessage {
  const read = structuredClone(message);
  if (read.statusCode === 212 && read.payment && !read.payment.vatParts)
    read.payment.vatParts = [{ ratePercent: 0, amountCents: read.payment.amountCents }];
  return read;
}

describe('cdarXml → parseCdar', () => {
  it.each(Object.entries(CDAR_SAMPLES).filter(([name]) => name !== '210-texte-hostile'))(
    'reads back %s as written',
    (_name, message) => {
      expect(parseCdar(cdarXml(message))).toEqual(asRead(message));
    },
  );

  it('escapes markup in every text and drops the characters XML cannot carry', () => {
    const message = CDAR_SAMPLES['210-texte-hostile'] as CdarMessage;
    const xml = cdarXml(message);
    expect(xml).not.toContain('<SARL>');
    expect(xml).not.toContain('\u0007');
    const read = parseCdar(xml);
    expect(read.id).toBe(message.id);
    expect(read.invoice.numero).toBe('A&B<1>');
    expect(read.sender.name).toBe('Tom & Jerry <SARL> "l\'atelier" 🎨');
    expect(read.reason).toEqual({ code: 'MONTANTTOTAL_ERR', text: ']]> <!-- &amp; --> <x/>' });
  });

  it('reads a message that starts with a byte order mark', () => {
    const message = CDAR_SAMPLES['205-approuvee'] as CdarMessage;
    expect(parseCdar(`\uFEFF${cdarXml(message)}`)).toEqual(message);
  });

  it('writes the same bytes for the same message, whatever the time zone', () => {
    const message = CDAR_SAMPLES['212-encaissee'] as CdarMessage;
    expect(cdarXml(structuredClone(message))).toBe(cdarXml(message));
    expect(cdarXml(message)).toContain(
      '<udt:DateTimeString format="204">20261120140509</udt:DateTimeString>',
    );
  });

  it('writes the amount collected per VAT rate, and a franchise seller’s at 0 %', () => {
    const franchise = cdarXml(CDAR_SAMPLES['212-encaissee-franchise'] as CdarMessage);
    expect(franchise).toContain('<ram:ValueAmount currencyID="EUR">1350.00</ram:ValueAmount>');
    expect(franchise).toContain('<ram:ValuePercent>0.00</ram:ValuePercent>');
    const read = parseCdar(cdarXml(CDAR_SAMPLES['212-encaissee'] as CdarMessage));
    expect(read.payment).toEqual({
      amountCents: 172_550,
      date: '2026-11-20',
      vatParts: [
        { ratePercent: 20, amountCents: 162_000 },
        { ratePercent: 5.5, amountCents: 10_550 },
      ],
    });
  });

  it('writes 211 « Paiement transmis » with the amount paid (MPA) and its day, not the amount collected', () => {
    const xml = cdarXml(CDAR_SAMPLES['211-paiement-transmis'] as CdarMessage);
    expect(xml).toContain(
      [
        '<ram:SpecifiedDocumentCharacteristic>',
        '<ram:TypeCode>MPA</ram:TypeCode>',
        '<ram:ValueAmount currencyID="EUR">1620.00</ram:ValueAmount>',
        '</ram:SpecifiedDocumentCharacteristic>',
      ].join('\n'),
    );
    expect(xml).toContain(
      '<ram:ReferenceDateTime><udt:DateTimeString format="102">20261119</udt:DateTimeString></ram:ReferenceDateTime>',
    );
    expect(xml).not.toContain('MEN');
    expect(xml).not.toContain('ValuePercent');
    expect(parseCdar(xml).payment).toEqual({ amountCents: 162_000, date: '2026-11-19' });
    // A VAT split given with a 211 is not written: MPA is one amount.
    const split = cdarSample(211, {
      payment: { amountCents: 1000, date: '2026-11-19', vatParts: [{ ratePercent: 20, amountCents: 1000 }] },
    });
    expect(cdarXml(split).match(/<ram:SpecifiedDocumentCharacteristic>/g)).toHaveLength(1);
  });

  it('puts the platform’s own statuses in the transmission phase (305) and the parties’ in processing (23)', () => {
    expect(cdarXml(cdarSample(200))).toContain('<ram:TypeCode>305</ram:TypeCode>');
    expect(cdarXml(cdarSample(205))).toContain('<ram:TypeCode>23</ram:TypeCode>');
  });
});

describe('cdarXml refuses what the French profile cannot carry', () => {
  it('a refusal without reason, or with a reason the refusal list lacks', () => {
    expectInvalid(() => cdarXml(cdarSample(210)), /exige un motif/);
    expectInvalid(
      () => cdarXml(cdarSample(210, { reason: { code: 'AUTRE', text: 'x' } })),
      /AUTRE n’est pas admis/,
    );
    expectInvalid(() => cdarXml(cdarSample(205, { reason: { code: 'INVENTE', text: 'x' } })), /INVENTE/);
  });

  it('a 212 without amount, or an amount its VAT split does not add up to', () => {
    expectInvalid(() => cdarXml(cdarSample(212)), /212 Encaissée exige le montant/);
    expectInvalid(
      () =>
        cdarXml(
          cdarSample(212, {
            payment: {
              amountCents: 100,
              date: '2026-11-20',
              vatParts: [{ ratePercent: 20, amountCents: 99 }],
            },
          }),
        ),
      /ne correspond pas/,
    );
    expectInvalid(
      () => cdarXml(cdarSample(212, { payment: { amountCents: 100, date: '2026-02-30' } })),
      /date/,
    );
  });

  it('a seller or a status author without SIREN, an invoice date that is not one', () => {
    const noSiren = { ...cdarSeller, siren: null, siret: null };
    expectInvalid(
      () => cdarXml(cdarSample(205, { invoice: { ...cdarSample(205).invoice, seller: noSiren } })),
      /SIREN du vendeur/,
    );
    expectInvalid(
      () => cdarXml(cdarSample(205, { sender: { ...cdarBuyer, siren: null } })),
      /SIREN de l’émetteur/,
    );
    expectInvalid(
      () => cdarXml(cdarSample(205, { invoice: { ...cdarSample(205).invoice, issueDate: '02/11/2026' } })),
      /date de la facture/,
    );
  });
});

/**
 * Another solution's 210: default namespace for the message, other prefixes, a platform (WK) sending for the
 * buyer (BY) issuer, unschemed identifiers, an xsd:dateTime, a copy to the public portal, the status code
 * in the status detail only, and comments.
 */
const otherSolution = `<?xml version="1.0" encoding="UTF-8"?>
<!-- sent by another platform -->
<CrossDomainAcknowledgementAndResponse xmlns="${CDAR_NS.rsm}" xmlns:a="${CDAR_NS.ram}" xmlns:u="${CDAR_NS.udt}" xmlns:q="${CDAR_NS.qdt}">
  <ExchangedDocumentContext>
    <a:GuidelineSpecifiedDocumentContextParameter><a:ID>urn.cpro.gouv.fr:1p0:CDV:invoice</a:ID></a:GuidelineSpecifiedDocumentContextParameter>
  </ExchangedDocumentContext>
  <ExchangedDocument>
    <a:ID>PA-0003-778899</a:ID>
    <a:IssueDateTime><u:DateTime>2026-11-21T09:30:00+01:00</u:DateTime></a:IssueDateTime>
    <a:SenderTradeParty><a:GlobalID schemeID="0238">0003</a:GlobalID><a:Name>PA Acheteur</a:Name><a:RoleCode>WK</a:RoleCode></a:SenderTradeParty>
    <a:IssuerTradeParty><a:GlobalID>12345678200028</a:GlobalID><a:Name>Studio Lumi&#232;re &amp; Cie</a:Name><a:RoleCode>BY</a:RoleCode></a:IssuerTradeParty>
    <a:RecipientTradeParty><a:Name>PPF</a:Name><a:RoleCode>DFH</a:RoleCode></a:RecipientTradeParty>
    <a:RecipientTradeParty><a:GlobalID schemeID="0002">552100554</a:GlobalID><a:RoleCode>SE</a:RoleCode>
      <a:URIUniversalCommunication><a:URIID schemeID="0225">552100554_FACTURES</a:URIID></a:URIUniversalCommunication></a:RecipientTradeParty>
  </ExchangedDocument>
  <AcknowledgementDocument>
    <a:TypeCode>23</a:TypeCode>
    <a:ReferenceReferencedDocument>
      <a:IssuerAssignedID>F-2026-0042</a:IssuerAssignedID>
      <a:FormattedIssueDateTime><q:DateTimeString format="102">20261102</q:DateTimeString></a:FormattedIssueDateTime>
      <a:IssuerTradeParty><a:GlobalID schemeID="0002">552100554</a:GlobalID><a:RoleCode>SE</a:RoleCode></a:IssuerTradeParty>
      <a:SpecifiedDocumentStatus>
        <a:ReasonCode>TX_TVA_ERR</a:ReasonCode>
        <a:Reason><![CDATA[Taux de 20 % au lieu de 10 % <travaux>]]></a:Reason>
        <a:ProcessConditionCode>210</a:ProcessConditionCode>
        <a:SequenceNumeric>1</a:SequenceNumeric>
      </a:SpecifiedDocumentStatus>
    </a:ReferenceReferencedDocument>
  </AcknowledgementDocument>
</CrossDomainAcknowledgementAndResponse>`;

describe('parseCdar reads another solution’s message', () => {
  it('by namespace URI, with the issuer as the status’s author and the party it is for as recipient', () => {
    const read = parseCdar(otherSolution);
    expect(read).toEqual({
      id: 'PA-0003-778899',
      issuedAt: new Date('2026-11-21T08:30:00Z'),
      statusCode: 210,
      sender: { role: 'acheteur', name: 'Studio Lumière & Cie', siren: '123456782', siret: '12345678200028' },
      recipient: { role: 'vendeur', name: '', siren: '552100554', electronicAddress: '552100554_FACTURES' },
      invoice: {
        numero: 'F-2026-0042',
        issueDate: '2026-11-02',
        typeCode: '380',
        seller: { role: 'vendeur', name: '', siren: '552100554' },
        buyer: { role: 'acheteur', name: '', siren: null },
      },
      reason: { code: 'TX_TVA_ERR', text: 'Taux de 20 % au lieu de 10 % <travaux>' },
    });
  });
});

describe('parseCdar reads another solution’s 211 and 212 amounts', () => {
  const withStatus = (status: string) =>
    otherSolution
      .replace(/<a:SpecifiedDocumentStatus>[\s\S]*<\/a:SpecifiedDocumentStatus>/, status)
      .replace(
        '<a:IssuerAssignedID>',
        '<a:ProcessConditionCode>211</a:ProcessConditionCode><a:IssuerAssignedID>',
      );

  it('211: the amount paid (MPA) and its day, taken by whoever applies it', () => {
    const read = parseCdar(
      withStatus(`<a:SpecifiedDocumentStatus>
        <a:ReferenceDateTime><u:DateTimeString format="102">20261120</u:DateTimeString></a:ReferenceDateTime>
        <a:SequenceNumeric>1</a:SequenceNumeric>
        <a:SpecifiedDocumentCharacteristic><a:TypeCode>MPA</a:TypeCode><a:ValueAmount currencyID="EUR">480.50</a:ValueAmount></a:SpecifiedDocumentCharacteristic>
      </a:SpecifiedDocumentStatus>`),
    );
    expect(read.statusCode).toBe(211);
    expect(read.payment).toEqual({ amountCents: 48_050, date: '2026-11-20' });
  });

  it('212: the amounts collected per rate (MEN), their sum the payment', () => {
    const read = parseCdar(
      withStatus(`<a:SpecifiedDocumentStatus>
        <a:ReferenceDateTime><u:DateTimeString format="102">20261121</u:DateTimeString></a:ReferenceDateTime>
        <a:SequenceNumeric>1</a:SequenceNumeric>
        <a:SpecifiedDocumentCharacteristic><a:TypeCode>MEN</a:TypeCode><a:ValueAmount>120.00</a:ValueAmount><a:ValuePercent>20</a:ValuePercent></a:SpecifiedDocumentCharacteristic>
        <a:SpecifiedDocumentCharacteristic><a:TypeCode>MEN</a:TypeCode><a:ValueAmount>10.55</a:ValueAmount><a:ValuePercent>5.5</a:ValuePercent></a:SpecifiedDocumentCharacteristic>
      </a:SpecifiedDocumentStatus>`).replace('>211<', '>212<'),
    );
    expect(read.payment).toEqual({
      amountCents: 13_055,
      date: '2026-11-21',
      vatParts: [
        { ratePercent: 20, amountCents: 12_000 },
        { ratePercent: 5.5, amountCents: 1_055 },
      ],
    });
  });
});

describe('parseCdar refuses', () => {
  const valid = cdarXml(CDAR_SAMPLES['205-approuvee'] as CdarMessage);

  it('malformed XML, an undeclared prefix, an unknown entity', () => {
    expectInvalid(() => parseCdar(valid.slice(0, -60)), /mal formé/);
    expectInvalid(() => parseCdar('not xml at all'), /mal formé|CDAR/);
    expectInvalid(
      () =>
        parseCdar(
          valid
            .replace('<ram:ID>REGULATED', '<x:ID>REGULATED')
            .replace('</ram:ID></ram:Bus', '</x:ID></ram:Bus'),
        ),
      /mal formé/,
    );
    expectInvalid(() => parseCdar(valid.replace('F-2026-0042', '&nbsp;F-2026-0042')), /mal formé/);
  });

  it('a document that is not a CDAR, or the right name in another namespace', () => {
    expectInvalid(
      () => parseCdar('<rsm:CrossIndustryInvoice xmlns:rsm="urn:x"/>'),
      /n’est pas un message de statut/,
    );
    expectInvalid(
      () => parseCdar(valid.replace(`xmlns:rsm="${CDAR_NS.rsm}"`, 'xmlns:rsm="urn:other"')),
      /n’est pas un message de statut/,
    );
  });

  it('a message without invoice reference, or with a status code Facturo does not know', () => {
    expectInvalid(
      () => parseCdar(valid.replace('<ram:IssuerAssignedID>F-2026-0042</ram:IssuerAssignedID>', '')),
      /ne désigne aucune facture/,
    );
    expectInvalid(
      () => parseCdar(valid.replace('>205</ram:ProcessConditionCode>', '>999</ram:ProcessConditionCode>')),
      /Code de statut inconnu : 999/,
    );
    expectInvalid(
      () => parseCdar(valid.replace('>205</ram:ProcessConditionCode>', '>501</ram:ProcessConditionCode>')),
      /Code de statut inconnu : 501/,
    );
    expectInvalid(
      () => parseCdar(valid.replace('<ram:ProcessConditionCode>205</ram:ProcessConditionCode>', '')),
      /aucun code de statut/,
    );
  });

  it('entity expansion («billion laughs») and external entities (XXE): no DTD is read at all', () => {
    const laughs = `<?xml version="1.0"?>
<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>
${valid.slice(valid.indexOf('<rsm:')).replace('F-2026-0042', '&lol3;')}`;
    expectInvalid(() => parseCdar(laughs), /DTD/);
    const xxe = `<?xml version="1.0"?>
<!DOCTYPE r [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
${valid.slice(valid.indexOf('<rsm:')).replace('F-2026-0042', '&xxe;')}`;
    expectInvalid(() => parseCdar(xxe), /DTD/);
    // Without a DOCTYPE, an entity reference is not expanded either: the XML is refused as malformed.
    expectInvalid(() => parseCdar(valid.replace('F-2026-0042', '&xxe;')), /mal formé/);
  });

  it('elements nested far deeper than a status message nests', () => {
    const deep = valid.replace(
      '<ram:ProcessCondition>',
      `${'<ram:X>'.repeat(5_000)}${'</ram:X>'.repeat(5_000)}<ram:ProcessCondition>`,
    );
    expectInvalid(() => parseCdar(deep), /mal formé/);
  });

  it('a message too large to be a status, before parsing it', () => {
    const huge = valid.replace(
      '<ram:ProcessCondition>',
      `<ram:ProcessCondition>${'a'.repeat(CDAR_MAX_BYTES)}`,
    );
    const started = performance.now();
    expectInvalid(() => parseCdar(huge), /trop volumineux/);
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
