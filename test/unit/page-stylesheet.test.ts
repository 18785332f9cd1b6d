import { describe, expect, it } from 'vitest';
import { classesInMarkup, classesNamedBy, stylesheetForPage } from '../../scripts/page-stylesheet';

const css = [
  '@layer theme{:root,:host{--color-sky-700:#0369a1;--color-red-600:#dc2626;--font-sans:ui-sans-serif}}',
  '@layer base{html{font-family:var(--font-sans)}}',
  '@layer utilities{',
  '.text-sky-700{color:var(--color-sky-700)}',
  '.text-red-600{color:var(--color-red-600)}',
  '.hover\\:underline:hover{text-decoration-line:underline}',
  '.gap-0\\.5{gap:2px}',
  '.group-open\\:block:is(:where(.group):is([open]) *){display:block}',
  '.space-y-1:where(>:not(:last-child)){margin-block:4px}',
  '@media (min-width:64rem){.lg\\:flex{display:flex}.lg\\:grid{display:grid}}',
  '.shadow{--tw-shadow:0 1px 3px #0001;box-shadow:var(--tw-shadow)}',
  '.ring{--tw-ring-shadow:0 0 0 1px;box-shadow:var(--tw-ring-shadow)}',
  '}',
  '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}',
  '@property --tw-ring-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}',
  '@keyframes spin{to{transform:rotate(360deg)}}',
].join('');

const html =
  '<div class="group text-sky-700 hover:underline gap-0.5"><p class="group-open:block lg:flex shadow space-y-1">x</p></div>';

describe('the stylesheet a pre-rendered page carries', () => {
  it('reads every class of the markup, entities decoded', () => {
    expect([
      ...classesInMarkup('<a class="a  b&amp;c"></a><p class="[&amp;>svg]:size-4">'),
    ]).toEqual(['a', 'b&c', '[&>svg]:size-4']);
  });

  it('names the classes a selector requires, escapes undone, negations and alternatives aside', () => {
    expect(classesNamedBy('.gap-0\\.5')).toEqual(['gap-0.5']);
    expect(classesNamedBy('.lg\\:flex')).toEqual(['lg:flex']);
    expect(classesNamedBy('.\\32 xl\\:p-4')).toEqual(['2xl:p-4']);
    expect(classesNamedBy('.a:not(.b) > .c')).toEqual(['a', 'c']);
    expect(classesNamedBy(':is(.a, .b)')).toBe('unknown');
    expect(classesNamedBy('html')).toEqual([]);
  });

  it('keeps the rules of the classes used, with their states and sizes, and the base styles', () => {
    const out = stylesheetForPage(css, html);
    for (const kept of [
      '.text-sky-700{',
      '.hover\\:underline:hover{',
      '.gap-0\\.5{',
      '.group-open\\:block:is(',
      '.space-y-1:where(',
      '@media (min-width:64rem){.lg\\:flex{display:flex}}',
      'html{font-family:var(--font-sans)}',
      '--color-sky-700:#0369a1',
      '--font-sans:ui-sans-serif',
      '.shadow{',
      '@property --tw-shadow{',
      '@keyframes spin{',
    ]) {
      expect(out).toContain(kept);
    }
  });

  it('drops the rules of classes the page does not have, and what only they used', () => {
    const out = stylesheetForPage(css, html);
    for (const dropped of [
      '.text-red-600',
      '--color-red-600',
      '.lg\\:grid',
      '.ring',
      '--tw-ring-shadow',
    ]) {
      expect(out).not.toContain(dropped);
    }
  });

  it('drops a media query or layer left empty', () => {
    const out = stylesheetForPage(css, '<p class="text-sky-700"></p>');
    expect(out).not.toContain('@media');
    expect(out).toContain('@layer base{');
  });
});
