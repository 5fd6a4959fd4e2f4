import { formatEuros, type TopClient } from '@facturo/shared';

/** The five clients invoiced the most, with what each still owes: a table, readable at 375 px too. */
export function TopClients({ clients }: { clients: TopClient[] }) {
  return (
    <section aria-labelledby="top-clients-title" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="top-clients-title" className="text-base font-semibold text-slate-900">
        Meilleurs clients
      </h2>
      {clients.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">Aucun client facturé pour le moment.</p>
      ) : (
        <table className="mt-2 w-full text-left text-sm">
          <thead className="text-slate-700">
            <tr>
              <th scope="col" className="py-1 pr-2 font-medium">
                Client
              </th>
              <th scope="col" className="py-1 pr-2 text-right font-medium">
                Facturé
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                En attente
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {clients.map((client) => (
              <tr key={client.clientId}>
                <th scope="row" className="max-w-[10rem] truncate py-1.5 pr-2 font-normal text-slate-900">
                  {client.nom}
                </th>
                <td className="py-1.5 pr-2 text-right tabular-nums">{formatEuros(client.facture)}</td>
                <td className="py-1.5 text-right tabular-nums">{formatEuros(client.enAttente)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
