import { Island } from '../islands/island';
import { usePageMeta } from '../page-meta';
import { ClosingCta } from './closing-cta';
import { FaqSection } from './faq-section';
import { FeatureCarousel } from './feature-carousel';
import { FeaturesSection } from './features-section';
import { HeroSection } from './hero-section';
import { PricingSection } from './pricing-section';
import { UpcomingSection } from './upcoming-section';

/**
 * The public home page (SPEC §1, §2 "/"): what Facturo does, what it costs, what is still to come.
 * Prerendered, then hydrated: no section reads the browser while rendering, only in effects.
 */
export function LandingPage() {
  usePageMeta('/');
  return (
    <>
      <HeroSection />
      <FeaturesSection />
      <Island name="carousel">
        <FeatureCarousel />
      </Island>
      <PricingSection />
      <FaqSection />
      <UpcomingSection />
      <ClosingCta />
    </>
  );
}
