import { LIFECYCLE_STATUSES, type LifecycleCode } from '@facturo/shared';
import { AppError } from '../../../lib/errors.js';
import {
  CDAR_AMOUNT_COLLECTED,
  CDAR_AMOUNT_PAID,
  CDAR_BUSINESS_PROCESS,
  CDAR_DATE_FORMAT,
  CDAR_GUIDELINE,
  CDAR_INVOICE_TYPE_CODES,
  CDAR_NS,
  CDAR_PHASE,
  CDAR_REASON_CODES,
  CDAR_REASONS_BY_STATUS,
  CDAR_ROLE_CODES,
  CDAR_SCHEME,
} from './cdar-codes.js';
import type { CdarMessage, CdarParty } from './cdar-message.js';
import { formatCents, formatDate102, formatDateTime204, formatRate } from './cdar-values.js';
import { xmlText } from './xml-text.js';

/**
 * Writes a lifecycle status as a CDAR D22B message of the French profile: it passes the official CDAR XSD
 * and the BR-FR-CDV schematron (rules named where they bind). The same message always gives the same
 * bytes. A message the profile cannot carry (no SIREN where one is required, a reason missing or not
 * allowed for the status, a 212 without amount) is refused with a 400 invalid_cdar: writing it anyway
 * would have the platform reject it later, out of the user's sight.
 */
export function cdarXml(message: CdarMessage): string {
  checkWritable(message);
  const phase = message.sender.role === 'plateforme' ? CDAR_PHASE.transmission : CDAR_PHASE.processing;
  const issued = dateTime('ram:IssueDateTime', message.issuedAt);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<rsm:CrossDomainAcknowledgementAndResponse xmlns:rsm="${CDAR_NS.rsm}" xmlns:ram="${CDAR_NS.ram}" xmlns:qdt="${CDAR_NS.qdt}" xmlns:udt="${CDAR_NS.udt}">`,
    '<rsm:ExchangedDocumentContext>',
    `<ram:BusinessProcessSpecifiedDocumentContextParameter>${el('ram:ID', CDAR_BUSINESS_PROCESS)}</ram:BusinessProcessSpecifiedDocumentContextParameter>`,
    `<ram:GuidelineSpecifiedDocumentContextParameter>${el('ram:ID', CDAR_GUIDELINE)}</ram:GuidelineSpecifiedDocumentContextParameter>`,
    '</rsm:ExchangedDocumentContext>',
    '<rsm:ExchangedDocument>',
    el('ram:ID', message.id),
    issued,
    // The one who sets the status both sends and issues the message (Facturo submits it for its user). The
    // sender carries no identifier: the schematron reads a sender's GlobalID as a platform's registration
    // number (scheme 0238) and then refuses a 210's business reasons (BR-FR-CDV-CL-09, MDT-113_210B2G).
    party('ram:SenderTradeParty', { ...message.sender, siren: null, siret: null }),
    party('ram:IssuerTradeParty', message.sender),
    party('ram:RecipientTradeParty', message.recipient, { withAddress: true }),
    '</rsm:ExchangedDocument>',
    '<rsm:AcknowledgementDocument>',
    el('ram:TypeCode', phase),
    issued,
    referencedInvoice(message),
    '</rsm:AcknowledgementDocument>',
    '</rsm:CrossDomainAcknowledgementAndResponse>',
    '',
  ].join('\n');
}

function referencedInvoice(message: CdarMessage): string {
  const { invoice, statusCode } = message;
  return [
    '<ram:ReferenceReferencedDocument>',
    el('ram:IssuerAssignedID', invoice.numero),
    el('ram:TypeCode', invoice.typeCode),
    `<ram:FormattedIssueDateTime><qdt:DateTimeString format="${CDAR_DATE_FORMAT.date}">${formatDate102(invoice.issueDate)}</qdt:DateTimeString></ram:FormattedIssueDateTime>`,
    el('ram:ProcessConditionCode', String(statusCode)),
    el('ram:ProcessCondition', LIFECYCLE_STATUSES[statusCode].libelle),
    // BR-FR-CDV-CL-07: the invoice's issuer is its seller (SE), whoever sets the status.
    party('ram:IssuerTradeParty', { ...invoice.seller, role: 'vendeur' }),
    party('ram:RecipientTradeParty', { ...invoice.buyer, role: 'acheteur' }),
    documentStatus(message),
    '</ram:ReferenceReferencedDocument>',
  ]
    .filter((line) => line !== '')
    .join('\n');
}

/**
 * MDG-37: the reason (MDT-113) and the amounts (MDG-43), numbered (BR-FR-CDV-16), the payment's day as the
 * status's reference date. 212 carries the amount collected per VAT rate (MEN with its rate, BR-FR-CDV-14);
 * 211 the amount paid (MPA), whole.
 */
function documentStatus({ statusCode, reason, payment }: CdarMessage): string {
  if (!reason && !payment) return '';
  return [
    '<ram:SpecifiedDocumentStatus>',
    payment ? date('ram:ReferenceDateTime', payment.date) : '',
    reason ? el('ram:ReasonCode', reason.code) : '',
    reason && reason.text !== '' ? el('ram:Reason', reason.text) : '',
    el('ram:SequenceNumeric', '1'),
    ...(payment ? amounts(statusCode, payment) : []),
    '</ram:SpecifiedDocumentStatus>',
  ]
    .filter((line) => line !== '')
    .join('\n');
}

function amounts(statusCode: LifecycleCode, payment: NonNullable<CdarMessage['payment']>): string[] {
  if (statusCode !== 212) return [characteristic(CDAR_AMOUNT_PAID, payment.amountCents)];
  const parts = payment.vatParts ?? [{ ratePercent: 0, amountCents: payment.amountCents }];
  return parts.map((part) => characteristic(CDAR_AMOUNT_COLLECTED, part.amountCents, part.ratePercent));
}

function characteristic(typeCode: string, amountCents: number, ratePercent?: number): string {
  return [
    '<ram:SpecifiedDocumentCharacteristic>',
    el('ram:TypeCode', typeCode),
    `<ram:ValueAmount currencyID="EUR">${formatCents(amountCents)}</ram:ValueAmount>`,
    ratePercent === undefined ? '' : el('ram:ValuePercent', formatRate(ratePercent)),
    '</ram:SpecifiedDocumentCharacteristic>',
  ]
    .filter((line) => line !== '')
    .join('\n');
}

/**
 * A trade party: its SIREN (0002) and SIRET (0009), name, role, and for a message's recipient its
 * electronic address (BR-FR-CDV-08: required unless the recipient is a platform).
 */
function party(tag: string, p: CdarParty, options: { withAddress?: boolean } = {}): string {
  const address = p.electronicAddress ?? p.siren;
  return [
    `<${tag}>`,
    p.siren ? `<ram:GlobalID schemeID="${CDAR_SCHEME.siren}">${xmlText(p.siren)}</ram:GlobalID>` : '',
    p.siret ? `<ram:GlobalID schemeID="${CDAR_SCHEME.siret}">${xmlText(p.siret)}</ram:GlobalID>` : '',
    p.name !== '' ? el('ram:Name', p.name) : '',
    el('ram:RoleCode', CDAR_ROLE_CODES[p.role]),
    options.withAddress && p.role !== 'plateforme' && address
      ? `<ram:URIUniversalCommunication><ram:URIID schemeID="${CDAR_SCHEME.electronicAddress}">${xmlText(address)}</ram:URIID></ram:URIUniversalCommunication>`
      : '',
    `</${tag}>`,
  ]
    .filter((line) => line !== '')
    .join('');
}

const el = (tag: string, value: string) => `<${tag}>${xmlText(value)}</${tag}>`;
const dateTime = (tag: string, at: Date) =>
  `<${tag}><udt:DateTimeString format="${CDAR_DATE_FORMAT.dateTime}">${formatDateTime204(at)}</udt:DateTimeString></${tag}>`;
const date = (tag: string, isoDate: string) =>
  `<${tag}><udt:DateTimeString format="${CDAR_DATE_FORMAT.date}">${formatDate102(isoDate)}</udt:DateTimeString></${tag}>`;

const refuse = (message: string) => new AppError(400, 'invalid_cdar', message);

/** What the profile requires of the message, checked before a byte is written. */
function checkWritable(message: CdarMessage): void {
  const { statusCode, invoice, sender, recipient, reason, payment } = message;
  if (message.id.trim() === '') throw refuse('Le message de statut doit avoir un identifiant.');
  if (Number.isNaN(message.issuedAt.getTime())) throw refuse('La date du message de statut est invalide.');
  if (invoice.numero.trim() === '') throw refuse('Le numéro de la facture concernée est obligatoire.');
  if (formatDate102(invoice.issueDate) === null)
    throw refuse(`La date de la facture ${invoice.numero} est invalide (AAAA-MM-JJ attendu).`);
  if (!CDAR_INVOICE_TYPE_CODES.has(invoice.typeCode))
    throw refuse(`Le type de document ${invoice.typeCode} ne peut pas recevoir de statut.`);
  // BR-FR-CDV-13 (the seller's identifier) and BR-FR-CDV-07 (the issuer's, in the processing phase).
  if (!invoice.seller.siren) throw refuse('Le SIREN du vendeur est obligatoire dans un message de statut.');
  if (sender.role !== 'plateforme' && !sender.siren)
    throw refuse('Le SIREN de l’émetteur du statut est obligatoire.');
  if (recipient.role !== 'plateforme' && !(recipient.electronicAddress ?? recipient.siren))
    throw refuse('L’adresse électronique (ou le SIREN) du destinataire du statut est obligatoire.');
  checkReason(statusCode, reason);
  if (statusCode === 212 && !payment) throw refuse('Le statut 212 Encaissée exige le montant et la date.');
  if (payment) checkPayment(payment);
}

function checkReason(statusCode: LifecycleCode, reason: CdarMessage['reason']): void {
  const allowed = CDAR_REASONS_BY_STATUS[statusCode];
  if (allowed && !reason)
    throw refuse(`Le statut ${statusCode} ${LIFECYCLE_STATUSES[statusCode].libelle} exige un motif.`);
  if (!reason) return;
  if (!CDAR_REASON_CODES.has(reason.code) || (allowed && !allowed.includes(reason.code)))
    throw refuse(`Le motif ${reason.code} n’est pas admis pour le statut ${statusCode}.`);
}

function checkPayment(payment: NonNullable<CdarMessage['payment']>): void {
  if (formatDate102(payment.date) === null)
    throw refuse('La date d’encaissement est invalide (AAAA-MM-JJ attendu).');
  if (!Number.isInteger(payment.amountCents) || payment.amountCents <= 0)
    throw refuse('Le montant encaissé doit être positif.');
  const parts = payment.vatParts;
  if (!parts) return;
  if (parts.length === 0) throw refuse('Le montant encaissé doit être ventilé par taux de TVA.');
  for (const part of parts) {
    if (!Number.isInteger(part.amountCents) || !(part.ratePercent >= 0 && part.ratePercent < 100))
      throw refuse('La ventilation par taux de TVA du montant encaissé est invalide.');
  }
  if (parts.reduce((sum, part) => sum + part.amountCents, 0) !== payment.amountCents)
    throw refuse('La ventilation par taux de TVA ne correspond pas au montant encaissé.');
}
