import { formatSiretInput } from '@facturo/shared';
import type { InvoiceDocumentData } from './document-data';

export function cityLine(codePostal: string, ville: string): string {
  return [codePostal, ville].filter(Boolean).join(' ');
}

/** The seller (DESIGN §5: name followed by "EI", address, SIRET; issue 12: RCS/RM and VAT number). */
export function SellerBlock({ invoice }: { invoice: InvoiceDocumentData }) {
  const { emetteur, mentionsLegales: mentions } = invoice;
  const vatNumber = emetteur.tvaIntracommunautaire || mentions.tvaIntracommunautaire;
  const city = cityLine(emetteur.codePostal, emetteur.ville);
  return (
    <address className="not-italic">
      <p className="text-base font-semibold text-slate-900">
        {emetteur.prenom} {emetteur.nom} EI
      </p>
      {emetteur.adresse && <p>{emetteur.adresse}</p>}
      {city && <p>{city}</p>}
      {emetteur.email && <p>{emetteur.email}</p>}
      {emetteur.siret && <p>SIRET : {formatSiretInput(emetteur.siret)}</p>}
      {emetteur.rcsRm && <p>{emetteur.rcsRm}</p>}
      {vatNumber && <p>N° TVA intracommunautaire : {vatNumber}</p>}
    </address>
  );
}

/** The buyer: name, postal address, SIREN/SIRET of a French business, VAT number of an EU one. */
export function BuyerBlock({ invoice }: { invoice: InvoiceDocumentData }) {
  const { client, adresseLivraison: delivery } = invoice;
  const city = cityLine(client.adresse.codePostal, client.adresse.ville);
  return (
    <div className="grid gap-6 sm:grid-cols-2">
      <section aria-label="Client" className="sm:col-start-2 sm:row-start-1">
        <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase">Facturé à</p>
        <address className="mt-1 not-italic">
          <p className="font-semibold text-slate-900">{client.nom}</p>
          {client.adresse.rue && <p>{client.adresse.rue}</p>}
          {city && <p>{city}</p>}
          {client.adresse.pays && <p>{client.adresse.pays}</p>}
          {client.email && <p>{client.email}</p>}
          {client.siret && (
            <p>
              {client.siret.length === 9 ? 'SIREN' : 'SIRET'} : {formatSiretInput(client.siret)}
            </p>
          )}
          {!client.siret && client.siren && <p>SIREN : {formatSiretInput(client.siren)}</p>}
          {client.tvaIntracommunautaire && <p>N° TVA intracommunautaire : {client.tvaIntracommunautaire}</p>}
        </address>
      </section>
      {delivery && (
        <section aria-label="Adresse de livraison" className="sm:col-start-1 sm:row-start-1">
          <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase">Livraison</p>
          <address className="mt-1 not-italic">
            {delivery.rue && <p>{delivery.rue}</p>}
            <p>{cityLine(delivery.codePostal, delivery.ville)}</p>
            {delivery.pays && <p>{delivery.pays}</p>}
          </address>
        </section>
      )}
    </div>
  );
}
