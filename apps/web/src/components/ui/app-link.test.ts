import { describe, expect, it } from 'vitest';
import { isCurrentPath } from './app-link';

describe('isCurrentPath (plain links of the static pages, as NavLink decides)', () => {
  it('marks the page and the pages under it', () => {
    expect(isCurrentPath('/features', '/features')).toBe(true);
    expect(isCurrentPath('/blog', '/blog/article')).toBe(true);
    expect(isCurrentPath('/blog', '/blogue')).toBe(false);
  });

  it('marks the home page only on itself, with or without an anchor', () => {
    expect(isCurrentPath('/', '/')).toBe(true);
    expect(isCurrentPath('/#tarifs', '/')).toBe(true);
    expect(isCurrentPath('/#faq', '/features')).toBe(false);
  });
});
