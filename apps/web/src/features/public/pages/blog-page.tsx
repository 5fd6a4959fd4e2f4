import { usePageMeta } from '../page-meta';
import { BLOG_ARTICLES } from './blog-articles';
import { PageHeader } from './parts/page-header';
import { Prose } from './parts/prose';
import { RegisterCta } from './parts/register-cta';

const dateFormat = new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', year: 'numeric' });

/** The articles are dated at noon so that no time zone moves them to another day. */
function formatDate(isoDate: string): string {
  return dateFormat.format(new Date(`${isoDate}T12:00:00`));
}

/** /blog: short, sourced articles on invoicing for micro-entrepreneurs, all on one page. */
export function BlogPage() {
  usePageMeta('/blog');
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <PageHeader
        eyebrow="Blog"
        title="Bien facturer quand on est indépendant"
        lead="Des articles courts sur les règles de facturation des micro-entrepreneurs et des freelances, avec leurs sources."
      />
      <nav aria-label="Articles" className="mt-8">
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200">
          {BLOG_ARTICLES.map((article) => (
            <li key={article.id}>
              <a
                href={`#${article.id}`}
                className="block p-4 hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600"
              >
                <span className="font-medium text-indigo-700">{article.title}</span>
                <span className="mt-0.5 block text-sm text-slate-600">{article.summary}</span>
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {BLOG_ARTICLES.map((article) => (
        <article
          key={article.id}
          aria-labelledby={article.id}
          className="mt-14 border-t border-slate-200 pt-10 first-of-type:mt-12"
        >
          <h2 id={article.id} className="scroll-mt-24 text-2xl font-semibold tracking-tight text-slate-900">
            {article.title}
          </h2>
          <p className="mt-2 text-sm text-slate-600">
            Publié le <time dateTime={article.date}>{formatDate(article.date)}</time>
          </p>
          <Prose className="mt-2">{article.body}</Prose>
        </article>
      ))}
      <RegisterCta />
    </div>
  );
}
