import { ARCHIVE_STATUS_LABELS, type ArchiveStatus, type YearlyArchive } from '@facturo/shared';
import { Download } from 'lucide-react';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { formatArchiveDate, formatSize } from './archive-format';

const STATUS_TONES: Record<ArchiveStatus, 'slate' | 'indigo' | 'emerald' | 'red'> = {
  en_attente: 'slate',
  en_cours: 'indigo',
  prete: 'emerald',
  echec: 'red',
};

interface ArchiveListProps {
  archives: readonly YearlyArchive[];
  downloading: string | null;
  onDownload: (archive: YearlyArchive) => void;
}

/** The archives already asked for, newest first: each one's year, date, state and download. */
export function ArchiveList({ archives, downloading, onDownload }: ArchiveListProps) {
  if (archives.length === 0) {
    return <p className="text-sm text-slate-600">Aucune archive préparée pour l’instant.</p>;
  }
  return (
    <ul
      className="divide-y divide-slate-200 rounded-lg border border-slate-200"
      aria-label="Archives préparées"
    >
      {archives.map((archive) => (
        <li
          key={archive.id}
          className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between"
        >
          <div className="min-w-0">
            <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
              Archive {archive.annee}
              <Badge tone={STATUS_TONES[archive.statut]}>{ARCHIVE_STATUS_LABELS[archive.statut]}</Badge>
            </p>
            <p className="text-xs text-slate-600">
              Demandée le {formatArchiveDate(archive.creeLe)}
              {archive.taille !== null && ` · ${formatSize(archive.taille)}`}
            </p>
            {archive.erreur && <p className="text-xs text-red-700">{archive.erreur}</p>}
          </div>
          {archive.statut === 'prete' && (
            <Button
              variant="secondary"
              size="sm"
              loading={downloading === archive.id}
              onClick={() => onDownload(archive)}
              aria-label={`Télécharger l’archive ${archive.annee} du ${formatArchiveDate(archive.creeLe)}`}
            >
              <Download className="size-4" aria-hidden="true" />
              Télécharger
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}
