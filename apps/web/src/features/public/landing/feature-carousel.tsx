import Check from 'lucide-react/icons/check';
import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import Pause from 'lucide-react/icons/pause';
import Play from 'lucide-react/icons/play';
import { buttonClasses } from '../../../components/ui/button-styles';
import { cn } from '../../../components/ui/cn';
import { useHydrated } from '../../../lib/use-hydrated';
import { CAROUSEL_SLIDES } from './carousel-slides';
import { SectionHeading } from './section-heading';
import { useCarousel } from './use-carousel';

const DELAY_MS = 5000;
// Square buttons: the shared sizes carry a horizontal padding that would squeeze the icon.
const iconButton =
  'flex size-10 items-center justify-center rounded-lg border border-slate-300 bg-white text-slate-700 shadow-sm ' +
  'hover:bg-slate-50 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';

/**
 * The WAI-ARIA auto-rotating carousel: the rotation control comes first, previous / next and one button per
 * slide follow, and the slides are announced politely only once rotation has stopped.
 */
export function FeatureCarousel() {
  const count = CAROUSEL_SLIDES.length;
  const carousel = useCarousel(count, DELAY_MS);
  // In the prerendered HTML the buttons would swallow clicks until React runs the page (see use-hydrated.ts).
  const inactive = !useHydrated();

  return (
    <section
      aria-roledescription="carrousel"
      aria-labelledby="carrousel-titre"
      className="bg-slate-50 py-16 sm:py-24"
    >
      <div className="mx-auto max-w-5xl px-4 sm:px-6">
        <SectionHeading id="carrousel-titre" eyebrow="En un coup d'œil" title="Facturo au quotidien" />
        {/* Pointer and focus hold the slides only over the carousel itself, not over the whole band. */}
        <div className="mt-10" {...carousel.regionProps}>
          <div className="flex flex-wrap items-center justify-center gap-2">
            <button
              type="button"
              disabled={inactive}
              className={buttonClasses('secondary', 'md', 'min-w-28')}
              onClick={carousel.togglePlaying}
            >
              {carousel.playing ? (
                <Pause aria-hidden="true" className="size-4" />
              ) : (
                <Play aria-hidden="true" className="size-4" />
              )}
              {carousel.playing ? 'Pause' : 'Lecture'}
              <span className="sr-only"> du défilement</span>
            </button>
            <button
              type="button"
              disabled={inactive}
              className={iconButton}
              aria-label="Diapositive précédente"
              onClick={carousel.previous}
            >
              <ChevronLeft aria-hidden="true" className="size-5" />
            </button>
            <button
              type="button"
              disabled={inactive}
              className={iconButton}
              aria-label="Diapositive suivante"
              onClick={carousel.next}
            >
              <ChevronRight aria-hidden="true" className="size-5" />
            </button>
          </div>
          <div className="mt-6 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
            <div
              aria-live={carousel.rotating ? 'off' : 'polite'}
              className="flex transition-transform duration-500 ease-out motion-reduce:transition-none"
              style={{ transform: `translateX(-${carousel.index * 100}%)` }}
            >
              {CAROUSEL_SLIDES.map((slide, i) => (
                // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel names each slide a group; a fieldset is for form controls.
                <div
                  key={slide.title}
                  role="group"
                  aria-roledescription="diapositive"
                  aria-label={`${i + 1} sur ${count}`}
                  inert={i !== carousel.index}
                  className="grid w-full shrink-0 gap-6 p-6 sm:p-10 md:grid-cols-[auto_1fr] md:items-center"
                >
                  <span className="flex size-16 items-center justify-center rounded-2xl bg-indigo-600 text-white sm:size-20">
                    <slide.icon aria-hidden="true" className="size-8 sm:size-10" />
                  </span>
                  <div>
                    <h3 className="text-xl font-semibold text-slate-900 sm:text-2xl">{slide.title}</h3>
                    <p className="mt-2 text-slate-600">{slide.text}</p>
                    <ul className="mt-4 flex flex-wrap gap-2">
                      {slide.points.map((point) => (
                        <li
                          key={point}
                          className="inline-flex items-center gap-1.5 rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-700"
                        >
                          <Check aria-hidden="true" className="size-3.5 text-emerald-700" />
                          {point}
                        </li>
                      ))}
                    </ul>
                  </div>
                </div>
              ))}
            </div>
          </div>
          <div className="mt-4 flex justify-center gap-1">
            {CAROUSEL_SLIDES.map((slide, i) => (
              <button
                key={slide.title}
                type="button"
                disabled={inactive}
                aria-label={`Diapositive ${i + 1} : ${slide.title}`}
                aria-current={i === carousel.index ? 'true' : undefined}
                onClick={() => carousel.goTo(i)}
                className="group flex size-6 items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
              >
                <span
                  aria-hidden="true"
                  className={cn(
                    'block h-2 rounded-full transition-all motion-reduce:transition-none',
                    i === carousel.index ? 'w-5 bg-indigo-600' : 'w-2 bg-slate-400 group-hover:bg-slate-500',
                  )}
                />
              </button>
            ))}
          </div>
        </div>
      </div>
    </section>
  );
}
