import { describe, expect, it } from 'vitest';
import { authPathReturningTo, safeReturnPath } from './return-path.ts';

describe('safeReturnPath', () => {
  it('keeps a path of this site with its query string', () => {
    expect(safeReturnPath('/book/42')).toBe('/book/42');
    expect(safeReturnPath('/format/42?tab=export')).toBe('/format/42?tab=export');
  });

  it('refuses what could leave the site, or nothing at all', () => {
    for (const next of ['//evil.example/x', '/\\evil.example', 'https://evil.example', 'javascript:alert(1)', '/\tx', '', null, undefined]) {
      expect(safeReturnPath(next)).toBe('/');
    }
  });
});

describe('authPathReturningTo', () => {
  it('puts the page in the next parameter, encoded', () => {
    expect(authPathReturningTo('/login', '/format/42?x=1')).toBe('/login?next=%2Fformat%2F42%3Fx%3D1');
    expect(authPathReturningTo('/register', '/book/42')).toBe('/register?next=%2Fbook%2F42');
  });

  it('leaves the address bare for the home page or an unsafe target', () => {
    expect(authPathReturningTo('/login', '/')).toBe('/login');
    expect(authPathReturningTo('/login', '//evil.example')).toBe('/login');
  });
});
