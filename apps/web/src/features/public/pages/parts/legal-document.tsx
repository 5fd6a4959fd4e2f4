import type { ReactNode } from 'react';
import { PageHeader } from './page-header';
import { Prose } from './prose';

export interface LegalSection {
  /** Anchor of the section, linked from the table of contents. */
  id: string;
  title: string;
  body: ReactNode;
}

interface LegalDocumentProps {
  title: string;
  lead: ReactNode;
  updated: string;
  sections: readonly LegalSection[];
}

/** A legal text (privacy, terms, legal notice): title, date of the version, table of contents, numbered sections. */
export function LegalDocument({ title, lead, updated, sections }: LegalDocumentProps) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <PageHeader eyebrow="Informations légales" title={title} lead={lead}>
        <p className="mt-3 text-sm text-slate-600">Dernière mise à jour : {updated}</p>
      </PageHeader>
      <nav aria-label="Sommaire" className="mt-8 rounded-xl border border-slate-200 bg-slate-50 p-5">
        <p className="text-sm font-semibold text-slate-900">Sommaire</p>
        <ol className="mt-3 grid gap-x-6 gap-y-1.5 text-sm sm:grid-cols-2">
          {sections.map((section, index) => (
            <li key={section.id}>
              <a
                href={`#${section.id}`}
                className="rounded-sm text-indigo-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
              >
                {index + 1}. {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      <Prose className="mt-4">
        {sections.map((section, index) => (
          <section key={section.id} aria-labelledby={section.id}>
            <h2 id={section.id}>
              {index + 1}. {section.title}
            </h2>
            {section.body}
          </section>
        ))}
      </Prose>
    </div>
  );
}
