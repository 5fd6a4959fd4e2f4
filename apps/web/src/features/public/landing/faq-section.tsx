import { ChevronDown } from 'lucide-react';
import { TextLink } from '../../../components/ui/text-link';
import { FAQ_ANCHOR } from '../site-links';
import { FAQ_ENTRIES } from './faq-questions';
import { SectionHeading } from './section-heading';

/** FAQPage structured data: search engines can show the answers with the result. */
const structuredData = JSON.stringify({
  '@context': 'https://schema.org',
  '@type': 'FAQPage',
  mainEntity: FAQ_ENTRIES.map(({ question, paragraphs }) => ({
    '@type': 'Question',
    name: question,
    acceptedAnswer: { '@type': 'Answer', text: paragraphs.join(' ') },
  })),
});

/**
 * SPEC §2: FAQ accordions, one answer open at a time. Native <details> sharing one `name` are an exclusive
 * accordion in the browser itself (keyboard, state exposed to assistive technology): unlike a scripted
 * accordion, the answers are in the prerendered HTML, for search engines, find-in-page and readers without
 * JavaScript, and the questions open before the page is hydrated.
 */
export function FaqSection() {
  return (
    <section id={FAQ_ANCHOR} aria-labelledby="faq-titre" className="scroll-mt-20 bg-slate-50 py-16 sm:py-24">
      <div className="mx-auto max-w-3xl px-4 sm:px-6">
        <SectionHeading id="faq-titre" eyebrow="FAQ" title="Questions fréquentes" />
        <div className="mt-10 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white shadow-sm">
          {FAQ_ENTRIES.map(({ id, question, paragraphs }) => (
            <details key={id} id={`faq-${id}`} name="faq" className="group">
              <summary className="flex w-full cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 text-left font-medium text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600 sm:px-6 [&::-webkit-details-marker]:hidden">
                {question}
                <ChevronDown
                  aria-hidden="true"
                  className="size-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180 motion-reduce:transition-none"
                />
              </summary>
              <div className="space-y-3 px-5 pb-5 text-slate-600 sm:px-6">
                {paragraphs.map((paragraph) => (
                  <p key={paragraph}>{paragraph}</p>
                ))}
              </div>
            </details>
          ))}
        </div>
        <p className="mt-8 text-center text-slate-600">
          Une autre question ? <TextLink to="/contact">Écrivez-nous</TextLink>
        </p>
        <script type="application/ld+json">{structuredData}</script>
      </div>
    </section>
  );
}
