import { describe, expect, it } from 'vitest';
import { isOwnImage, safeHref, transformUrl } from './safety';

describe('markdown safety rules', () => {
  it('keeps http(s), mailto and in-page anchors', () => {
    expect(safeHref('https://example.org/a?b=1')).toBe('https://example.org/a?b=1');
    expect(safeHref('http://example.org')).toBe('http://example.org/');
    expect(safeHref('mailto:office@school.test')).toBe('mailto:office@school.test');
    expect(safeHref('#user-content-fn-1')).toBe('#user-content-fn-1');
  });

  it('drops javascript:, data:, vbscript: and relative or odd links', () => {
    for (const bad of [
      'javascript:alert(1)',
      ' JaVaScRiPt:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:x',
      '//evil.test/x',
      '../etc',
      'ftp://x.test',
      '',
      null,
      undefined,
    ]) {
      expect(safeHref(bad)).toBeNull();
    }
    expect(transformUrl('javascript:alert(1)')).toBe('');
  });

  it('loads only our own file and generated-image paths as images', () => {
    expect(isOwnImage('/api/images/3f1c0a2e-1111-4a4a-9999-000000000000')).toBe(true);
    expect(isOwnImage('/api/files/abc-123')).toBe(true);
    expect(isOwnImage('https://evil.test/pixel.png')).toBe(false);
    expect(isOwnImage('//evil.test/pixel.png')).toBe(false);
    expect(isOwnImage('/api/images/../auth/sign-out')).toBe(false);
    expect(isOwnImage('/api/me')).toBe(false);
    expect(isOwnImage('data:image/png;base64,AAAA')).toBe(false);
  });
});
