import type { YearlyArchive } from '@facturo/shared';
import { useQuery } from '@tanstack/react-query';
import { Archive, Download } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { LoadError } from '../../components/ui/load-error';
import { LoadingStatus } from '../../components/ui/loading-status';
import { Select } from '../../components/ui/select';
import { ApiError } from '../../lib/api-error';
import { useReadOnlyArchive } from '../account-archive/archive-access';
import {
  archivesQueryOptions,
  downloadArchive,
  isUnfinished,
  useRequestArchiveMutation,
} from './archive-api';
import { archiveYears, latestOfYear } from './archive-format';
import { ArchiveList } from './archive-list';
import { ArchiveProgressBar } from './archive-progress-bar';

const serverMessage = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.serverMessage && !error.isNetworkError ? error.serverMessage : fallback;

/**
 * The yearly archive (issue 18): choose a year, « Générer l’archive », watch the bar (live events), then
 * « Télécharger » the ZIP; the archives already prepared are listed below.
 */
export function ArchivePanel() {
  const years = archiveYears(new Date().getFullYear());
  const [year, setYear] = useState(years[0] ?? new Date().getFullYear());
  const archives = useQuery(archivesQueryOptions());
  const request = useRequestArchiveMutation();
  const [downloading, setDownloading] = useState<string | null>(null);
  // A closed account's archive downloads the archives it prepared; it builds no new one.
  const readOnly = useReadOnlyArchive();

  const download = async (archive: YearlyArchive) => {
    setDownloading(archive.id);
    try {
      await downloadArchive(archive);
    } catch (error) {
      toast.error(serverMessage(error, 'Erreur lors du téléchargement de l’archive'));
    } finally {
      setDownloading(null);
    }
  };

  const current = archives.data ? latestOfYear(archives.data, year) : undefined;
  return (
    <div className="space-y-5">
      {!readOnly && (
        <>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
            <div className="sm:w-48">
              <Field label="Année à archiver">
                {(control) => (
                  <Select {...control} value={year} onChange={(event) => setYear(Number(event.target.value))}>
                    {years.map((y) => (
                      <option key={y} value={y}>
                        {y}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
            </div>
            <Button
              loading={request.isPending}
              disabled={current !== undefined && isUnfinished(current)}
              onClick={() => request.mutate(year)}
            >
              <Archive className="size-4" aria-hidden="true" />
              Générer l’archive
            </Button>
          </div>
          {request.isError && (
            <Alert variant="error">
              <p>{serverMessage(request.error, 'Erreur lors de la demande d’archive')}</p>
            </Alert>
          )}
        </>
      )}
      {current && !readOnly && (
        <CurrentArchive archive={current} downloading={downloading} onDownload={download} />
      )}
      <div className="space-y-2">
        <h3 className="text-sm font-semibold text-slate-900">Archives préparées</h3>
        {archives.data ? (
          // A failed refresh keeps what was read (the live events go on moving it).
          <ArchiveList archives={archives.data} downloading={downloading} onDownload={download} />
        ) : archives.isError ? (
          <LoadError message="Erreur lors du chargement des archives" query={archives} />
        ) : (
          <LoadingStatus>Chargement des archives...</LoadingStatus>
        )}
      </div>
    </div>
  );
}

/** The selected year's newest archive: its bar while it is built, then its download or why it failed. */
function CurrentArchive({
  archive,
  downloading,
  onDownload,
}: {
  archive: YearlyArchive;
  downloading: string | null;
  onDownload: (archive: YearlyArchive) => void;
}) {
  if (isUnfinished(archive)) return <ArchiveProgressBar archive={archive} />;
  if (archive.statut === 'echec') {
    return (
      <Alert variant="error" title={`L’archive ${archive.annee} n’a pas pu être préparée`}>
        <p>{archive.erreur}</p>
      </Alert>
    );
  }
  return (
    <Alert variant="success" title={`Votre archive ${archive.annee} est prête`}>
      <p>
        Toutes vos factures émises, le livre des recettes, le FEC et le journal vérifié, dans un fichier ZIP.
      </p>
      <Button size="sm" loading={downloading === archive.id} onClick={() => onDownload(archive)}>
        <Download className="size-4" aria-hidden="true" />
        Télécharger
      </Button>
    </Alert>
  );
}
