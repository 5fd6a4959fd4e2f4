import { LOGO_MESSAGES } from '@facturo/shared';
import { describe, expect, it } from 'vitest';
import { logoFileProblem } from './logo-file';

describe('logoFileProblem', () => {
  it('accepts PNG, JPEG and WebP up to 1 MB', () => {
    expect(logoFileProblem({ type: 'image/png', size: 1024 * 1024 })).toBeNull();
    expect(logoFileProblem({ type: 'image/jpeg', size: 10 })).toBeNull();
    expect(logoFileProblem({ type: 'image/webp', size: 10 })).toBeNull();
  });

  it("refuses other types and heavier files with the server's sentences", () => {
    expect(logoFileProblem({ type: 'image/svg+xml', size: 10 })).toBe(LOGO_MESSAGES.unsupported);
    expect(logoFileProblem({ type: '', size: 10 })).toBe(LOGO_MESSAGES.unsupported);
    expect(logoFileProblem({ type: 'image/png', size: 1024 * 1024 + 1 })).toBe(LOGO_MESSAGES.tooLarge);
  });
});
