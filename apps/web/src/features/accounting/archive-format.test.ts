import type { YearlyArchive } from '@facturo/shared';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applyArchiveProgress, archiveProgressArrived, archivesQueryKey, withArchive } from './archive-api';
import { archivePercent, archiveYears, formatSize, latestOfYear } from './archive-format';

const archive = (over: Partial<YearlyArchive>): YearlyArchive => ({
  id: 'a',
  annee: 2026,
  statut: 'en_cours',
  fait: 0,
  total: 0,
  sha256: null,
  taille: null,
  erreur: null,
  creeLe: '2026-11-26T08:00:00.000Z',
  majLe: '2026-11-26T08:00:00.000Z',
  ...over,
});

describe('yearly archive helpers', () => {
  it('offers the ten years to keep, the current one first', () => {
    expect(archiveYears(2026)).toEqual([2026, 2025, 2024, 2023, 2022, 2021, 2020, 2019, 2018, 2017]);
  });

  it('computes the bar, 0 % before the total is known', () => {
    expect(archivePercent({ fait: 0, total: 0 })).toBe(0);
    expect(archivePercent({ fait: 3, total: 7 })).toBe(43);
    expect(archivePercent({ fait: 7, total: 7 })).toBe(100);
  });

  it('writes sizes in French units', () => {
    expect(formatSize(850)).toBe('850\u00a0octets');
    expect(formatSize(12_697)).toBe('12,4\u00a0Ko');
    expect(formatSize(3_355_443)).toBe('3,2\u00a0Mo');
  });

  it('applies a progress event to its archive only, and puts a new one first', () => {
    const list = [
      archive({ id: 'a' }),
      archive({ id: 'b', annee: 2025, statut: 'prete', fait: 4, total: 4 }),
    ];
    const moved = applyArchiveProgress(list, {
      archiveId: 'a',
      annee: 2026,
      statut: 'en_cours',
      fait: 5,
      total: 9,
    });
    expect(moved[0]).toMatchObject({ id: 'a', fait: 5, total: 9 });
    expect(moved[1]).toBe(list[1]);
    expect(withArchive(moved, archive({ id: 'c', annee: 2024 })).map((a) => a.id)).toEqual(['c', 'a', 'b']);
    expect(withArchive(moved, archive({ id: 'b', statut: 'en_attente' })).map((a) => a.id)).toEqual([
      'b',
      'a',
    ]);
    expect(latestOfYear(moved, 2025)?.id).toBe('b');
    expect(latestOfYear(moved, 2019)).toBeUndefined();
  });
});

describe('archiveProgressArrived', () => {
  it('moves a known archive at once, and reads the list again when it ends or is unknown', () => {
    const client = new QueryClient();
    client.setQueryData(archivesQueryKey, [archive({ id: 'a', statut: 'en_attente' })]);
    const stale = () => client.getQueryState(archivesQueryKey)?.isInvalidated;

    archiveProgressArrived(client, { archiveId: 'a', annee: 2026, statut: 'en_cours', fait: 3, total: 7 });
    expect(client.getQueryData<YearlyArchive[]>(archivesQueryKey)?.[0]).toMatchObject({ fait: 3, total: 7 });
    expect(stale()).toBe(false);

    archiveProgressArrived(client, { archiveId: 'a', annee: 2026, statut: 'prete', fait: 7, total: 7 });
    expect(client.getQueryData<YearlyArchive[]>(archivesQueryKey)?.[0]).toMatchObject({ statut: 'prete' });
    expect(stale()).toBe(true);

    client.setQueryData(archivesQueryKey, [archive({ id: 'a', statut: 'prete' })]);
    archiveProgressArrived(client, { archiveId: 'z', annee: 2025, statut: 'en_cours', fait: 0, total: 4 });
    expect(stale()).toBe(true);
  });
});
