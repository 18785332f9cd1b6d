import { describe, expect, it } from 'vitest';
import {
  isInPortal,
  loginPathFor,
  loginUrlWithReturn,
  returnPathFrom,
  safeReturnPath,
} from '../../src/web/lib/return-path';

describe('the way back after signing in', () => {
  it('names the login page of each portal, and none outside them', () => {
    expect(loginPathFor('/practice-portal/schedule')).toBe('/practice-login');
    expect(loginPathFor('/hygienist-portal')).toBe('/professional-login');
    expect(loginPathFor('/dental-assistant/find-shifts')).toBe('/professional-login');
    expect(loginPathFor('/front-desk-portal/settings')).toBe('/professional-login');
    expect(loginPathFor('/admin/site-speed')).toBe('/admin/login');
    expect(loginPathFor('/admin/login')).toBeNull();
    expect(loginPathFor('/practice-login')).toBeNull();
    expect(loginPathFor('/practice-portalx')).toBeNull();
    expect(loginPathFor('/')).toBeNull();
  });

  it('keeps path and query of a portal page', () => {
    expect(safeReturnPath('/practice-portal/staffing-requests?from=bell')).toBe(
      '/practice-portal/staffing-requests?from=bell',
    );
    expect(
      returnPathFrom(`?next=${encodeURIComponent('/hygienist-portal/schedule?view=agenda')}`),
    ).toBe('/hygienist-portal/schedule?view=agenda');
    expect(loginUrlWithReturn('/practice-login', '/practice-portal/schedule?x=1')).toBe(
      `/practice-login?next=${encodeURIComponent('/practice-portal/schedule?x=1')}`,
    );
    // A portal's home is where signing in leads anyway.
    expect(loginUrlWithReturn('/practice-login', '/practice-portal')).toBe('/practice-login');
  });

  it('refuses anything that could leave the site or is not a portal page', () => {
    for (const next of [
      'https://evil.example.com/practice-portal',
      '//evil.example.com/practice-portal',
      '/\\evil.example.com/practice-portal',
      '/%5Cevil.example.com',
      'javascript:alert(1)',
      'practice-portal',
      '/about',
      '/practice-login',
      '/practice-portal/\u0000x',
      '',
      null,
    ]) {
      expect(safeReturnPath(next), String(next)).toBeNull();
    }
    expect(returnPathFrom('?next=https%3A%2F%2Fevil.example.com')).toBeNull();
    expect(returnPathFrom('')).toBeNull();
  });

  it('matches a page to its own portal only', () => {
    expect(isInPortal('/practice-portal/schedule?x=1', '/practice-portal')).toBe(true);
    expect(isInPortal('/practice-portal?x=1', '/practice-portal')).toBe(true);
    expect(isInPortal('/practice-portalx', '/practice-portal')).toBe(false);
    expect(isInPortal('/hygienist-portal/schedule', '/practice-portal')).toBe(false);
  });
});
