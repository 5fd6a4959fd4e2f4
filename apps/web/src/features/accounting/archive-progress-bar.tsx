import { ARCHIVE_STATUS_LABELS, type YearlyArchive } from '@facturo/shared';
import { archivePercent } from './archive-format';

/**
 * The build's progress, fed by the live events (`archive.progress`): each document, then each book.
 * Before the job has counted them (waiting in the queue) the bar is at 0 and says so.
 */
export function ArchiveProgressBar({ archive }: { archive: YearlyArchive }) {
  const percent = archivePercent(archive);
  const labelId = `archive-progression-${archive.id}`;
  const waiting = archive.statut === 'en_attente' || archive.total === 0;
  return (
    <div className="space-y-1.5">
      <p id={labelId} className="text-sm font-medium text-slate-800">
        Préparation de l’archive {archive.annee}
      </p>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={Math.max(archive.total, 1)}
        aria-valuenow={archive.fait}
        aria-valuetext={
          waiting
            ? ARCHIVE_STATUS_LABELS.en_attente
            : `${archive.fait} étapes sur ${archive.total} (${percent} %)`
        }
        className="h-3 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className="h-full rounded-full bg-indigo-600 transition-[width] duration-200"
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className="text-xs text-slate-600 tabular-nums" aria-hidden="true">
        {waiting ? 'En attente de démarrage…' : `${archive.fait} / ${archive.total} · ${percent} %`}
      </p>
    </div>
  );
}
