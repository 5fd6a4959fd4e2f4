import { isLifecycleCode } from '@facturo/shared';
import { AppError } from '../../../lib/errors.js';
import {
  CDAR_AMOUNT_COLLECTED,
  CDAR_AMOUNT_PAID,
  CDAR_NS,
  CDAR_ROLE_BY_CODE,
  CDAR_SCHEME,
} from './cdar-codes.js';
import type { CdarMessage, CdarParty, CdarVatPart } from './cdar-message.js';
import { isoDay, parseCdarDateTime, parseCents, parseRate } from './cdar-values.js';
import { childOf, childrenOf, pathOf, readXml, type XmlElement, XmlReadError } from './xml-tree.js';

/** A status message is a few kilobytes; far more is not one (and is not worth parsing). */
export const CDAR_MAX_BYTES = 1_000_000;

const { rsm, ram, udt, qdt } = CDAR_NS;
const refuse = (message: string) => new AppError(400, 'invalid_cdar', message);

/**
 * Reads a CDAR D22B lifecycle message, Facturo's own or another solution's: elements by namespace URI,
 * the status's author taken from the issuer (a platform often sends for the buyer), dates in the formats
 * 102/203/204 or xsd:dateTime. Anything that is not a usable status message is a 400 invalid_cdar with a
 * French message — the only error it throws.
 */
export function parseCdar(xml: string): CdarMessage {
  const root = readRoot(xml);
  const exchanged = childOf(root, rsm, 'ExchangedDocument');
  const acknowledgement = childOf(root, rsm, 'AcknowledgementDocument');
  const referenced = childOf(acknowledgement, ram, 'ReferenceReferencedDocument');
  if (!exchanged || !acknowledgement) throw refuse('Message de statut incomplet (en-tête absent).');
  const numero = childOf(referenced, ram, 'IssuerAssignedID')?.text ?? '';
  if (!referenced || numero === '') throw refuse('Le message de statut ne désigne aucune facture.');

  const statuses = childrenOf(referenced, ram, 'SpecifiedDocumentStatus');
  const statusCode = readStatusCode(referenced, statuses);
  const issuedAt = readDateTime(childOf(exchanged, ram, 'IssueDateTime'));
  if (!issuedAt) throw refuse('La date du message de statut est absente ou illisible.');
  const id = childOf(exchanged, ram, 'ID')?.text ?? '';
  if (id === '') throw refuse('Le message de statut n’a pas d’identifiant.');
  const invoiceDate = readDateTime(childOf(referenced, ram, 'FormattedIssueDateTime'));
  if (!invoiceDate) throw refuse(`La date de la facture ${numero} est absente ou illisible.`);

  const sender =
    childOf(exchanged, ram, 'IssuerTradeParty') ?? childOf(exchanged, ram, 'SenderTradeParty') ?? undefined;
  const recipients = childrenOf(exchanged, ram, 'RecipientTradeParty');
  // A copy to the public portal (DFH) may come alongside: the recipient is the party the status is for.
  const recipient = recipients.find((r) => childOf(r, ram, 'RoleCode')?.text !== 'DFH') ?? recipients[0];

  const message: CdarMessage = {
    id,
    issuedAt,
    statusCode,
    sender: readParty(sender, 'acheteur'),
    recipient: readParty(recipient, 'vendeur'),
    invoice: {
      numero,
      issueDate: isoDay(invoiceDate),
      typeCode: childOf(referenced, ram, 'TypeCode')?.text || '380',
      seller: readParty(childOf(referenced, ram, 'IssuerTradeParty'), 'vendeur'),
      buyer: readParty(childOf(referenced, ram, 'RecipientTradeParty'), 'acheteur'),
    },
  };
  const reason = readReason(statuses);
  if (reason) message.reason = reason;
  const payment = readPayment(statuses, issuedAt);
  if (payment) message.payment = payment;
  return message;
}

function readRoot(xml: string): XmlElement {
  let root: XmlElement;
  try {
    root = readXml(xml, CDAR_MAX_BYTES);
  } catch (error) {
    if (!(error instanceof XmlReadError)) throw error;
    if (error.message === 'too large') throw refuse('Message de statut trop volumineux.');
    if (error.message === 'doctype')
      throw refuse('Message de statut refusé : les DTD et entités ne sont pas admises.');
    throw refuse('Message de statut illisible : XML mal formé.');
  }
  if (root.ns !== rsm || root.local !== 'CrossDomainAcknowledgementAndResponse')
    throw refuse('Ce document n’est pas un message de statut CDAR (CrossDomainAcknowledgementAndResponse).');
  return root;
}

/** MDT-105 on the referenced invoice, or else on its status detail (MDT-115). */
function readStatusCode(referenced: XmlElement, statuses: XmlElement[]): CdarMessage['statusCode'] {
  const raw =
    childOf(referenced, ram, 'ProcessConditionCode')?.text ??
    statuses.map((s) => childOf(s, ram, 'ProcessConditionCode')?.text).find((code) => code !== undefined);
  if (raw === undefined || raw === '') throw refuse('Le message de statut ne porte aucun code de statut.');
  const code = /^\d{3}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!isLifecycleCode(code)) throw refuse(`Code de statut inconnu : ${raw.slice(0, 20)}.`);
  return code;
}

/** udt:DateTimeString (with its format), qdt:DateTimeString or udt:DateTime. */
function readDateTime(element: XmlElement | undefined): Date | null {
  const value =
    childOf(element, udt, 'DateTimeString') ??
    childOf(element, qdt, 'DateTimeString') ??
    childOf(element, udt, 'DateTime');
  if (!value) return null;
  return parseCdarDateTime(value.text, value.local === 'DateTime' ? undefined : value.attrs.format);
}

function readParty(element: XmlElement | undefined, defaultRole: CdarParty['role']): CdarParty {
  const ids = childrenOf(element, ram, 'GlobalID');
  const scheme = (s: string) => ids.find((id) => id.attrs.schemeID === s)?.text;
  const unschemed = ids.filter((id) => id.attrs.schemeID === undefined).map((id) => id.text);
  const siret = scheme(CDAR_SCHEME.siret) ?? unschemed.find((v) => /^\d{14}$/.test(v)) ?? null;
  const siren =
    scheme(CDAR_SCHEME.siren) ??
    unschemed.find((v) => /^\d{9}$/.test(v)) ??
    (siret ? siret.slice(0, 9) : null);
  const roleCode = childOf(element, ram, 'RoleCode')?.text ?? '';
  const party: CdarParty = {
    role: CDAR_ROLE_BY_CODE[roleCode] ?? defaultRole,
    name: childOf(element, ram, 'Name')?.text ?? '',
    siren,
  };
  if (siret) party.siret = siret;
  const address = pathOf(element, ram, 'URIUniversalCommunication', 'URIID')?.text;
  if (address && address !== siren) party.electronicAddress = address;
  return party;
}

function readReason(statuses: XmlElement[]): CdarMessage['reason'] | undefined {
  const status = statuses.find((s) => childOf(s, ram, 'ReasonCode'));
  if (!status) return undefined;
  const words = childrenOf(status, ram, 'Reason').concat(childrenOf(status, ram, 'ReasonInformation'));
  return {
    code: childOf(status, ram, 'ReasonCode')?.text ?? '',
    text: words
      .map((w) => w.text)
      .filter((t) => t !== '')
      .join('\n'),
  };
}

/**
 * The payment: the amounts collected (MEN, one per VAT rate, 212) or the amount paid (MPA, 211), and the
 * day — the status detail's reference date, else the characteristic's, else the message's.
 */
function readPayment(statuses: XmlElement[], issuedAt: Date): CdarMessage['payment'] | undefined {
  const collected: CdarVatPart[] = [];
  let paidCents: number | null = null;
  let date: Date | null = null;
  for (const status of statuses) {
    let found = false;
    for (const characteristic of childrenOf(status, ram, 'SpecifiedDocumentCharacteristic')) {
      const typeCode = childOf(characteristic, ram, 'TypeCode')?.text;
      if (typeCode !== CDAR_AMOUNT_COLLECTED && typeCode !== CDAR_AMOUNT_PAID) continue;
      const amount = childOf(characteristic, ram, 'ValueAmount');
      const amountCents = amount ? parseCents(amount.text) : null;
      if (amountCents === null) throw refuse('Montant payé ou encaissé illisible dans le message de statut.');
      found = true;
      date ??= readDateTime(childOf(characteristic, ram, 'ValueDateTime'));
      if (typeCode === CDAR_AMOUNT_PAID) {
        paidCents = (paidCents ?? 0) + amountCents;
        continue;
      }
      const rate = childOf(characteristic, ram, 'ValuePercent');
      const ratePercent = rate ? parseRate(rate.text) : 0;
      if (ratePercent === null) throw refuse('Taux de TVA illisible dans le message de statut.');
      collected.push({ ratePercent, amountCents });
    }
    if (found) date = readDateTime(childOf(status, ram, 'ReferenceDateTime')) ?? date;
  }
  const day = isoDay(date ?? issuedAt);
  // The amount collected, when given, is what the seller has; else the amount the buyer says they paid.
  if (collected.length > 0)
    return {
      amountCents: collected.reduce((sum, part) => sum + part.amountCents, 0),
      date: day,
      vatParts: collected,
    };
  return paidCents === null ? undefined : { amountCents: paidCents, date: day };
}
