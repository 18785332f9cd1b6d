/**
 * The part of the app's stylesheet one pre-rendered page can use, to write into the page itself
 * (decision 012): every rule whose selector names only classes the page's markup has (with all
 * their states: hover, focus, open, responsive sizes), every rule naming no class at all (the
 * base styles, keyframes, registered properties), and the theme's custom properties those rules
 * refer to.
 */
import postcss, { type AtRule, type Declaration, type Root, type Rule } from 'postcss';

const entities: Record<string, string> = {
  '&amp;': '&',
  '&quot;': '"',
  '&#x27;': "'",
  '&#39;': "'",
  '&lt;': '<',
  '&gt;': '>',
};

/** Every class name in the page's markup. */
export function classesInMarkup(html: string): Set<string> {
  const classes = new Set<string>();
  for (const match of html.matchAll(/\sclass="([^"]*)"/g)) {
    const value = match[1]!.replace(
      /&(?:amp|quot|#x27|#39|lt|gt);/g,
      (entity) => entities[entity]!,
    );
    for (const name of value.split(/\s+/)) if (name) classes.add(name);
  }
  return classes;
}

function unescapeCss(identifier: string): string {
  return identifier.replace(
    /\\(?:([0-9a-fA-F]{1,6})\s?|([\s\S]))/g,
    (_, hex?: string, char?: string) => (hex ? String.fromCodePoint(parseInt(hex, 16)) : char!),
  );
}

/** Removes `:not(...)` parts: a class named there is one the element must not have. */
function withoutNegations(selector: string): string {
  let previous;
  let current = selector;
  do {
    previous = current;
    current = current.replace(/:not\([^()]*\)/g, '');
  } while (current !== previous);
  return current;
}

const classPattern = /\.((?:\\[0-9a-fA-F]{1,6}\s?|\\[^0-9a-fA-F\s]|[\w-]|[^\p{ASCII}])+)/gu;

/** The classes an element must have for one selector (no comma at the top level) to match it. */
export function classesNamedBy(selector: string): string[] | 'unknown' {
  const positive = withoutNegations(selector);
  // An alternative inside a pseudo-class (`:is(.a, .b)`) is not a requirement: keep such rules.
  if (/\([^()]*,[^()]*\)/.test(positive)) return 'unknown';
  return [...positive.matchAll(classPattern)].map((match) => unescapeCss(match[1]!));
}

function ruleApplies(rule: Rule, classes: Set<string>): boolean {
  // Keyframe steps (`from`, `50%`) and rules without classes (base styles) always stay.
  if (rule.parent?.type === 'atrule' && /keyframes$/i.test((rule.parent as AtRule).name)) {
    return true;
  }
  return rule.selectors.some((selector) => {
    const named = classesNamedBy(selector);
    return named === 'unknown' || named.every((name) => classes.has(name));
  });
}

function removeEmptyAtRules(root: Root): void {
  let removed;
  do {
    removed = false;
    root.walkAtRules((atRule) => {
      if (atRule.nodes !== undefined && atRule.nodes.length === 0) {
        atRule.remove();
        removed = true;
      }
    });
  } while (removed);
}

const customPropertyUse = /var\(\s*(--[\w-]+)/g;

/**
 * Drops custom properties (`--color-sky-700`, `--tw-shadow`) nothing kept reads: their
 * declarations and their registrations (`@property`). A property read by a kept one stays too.
 */
function removeUnusedCustomProperties(root: Root): void {
  const definitions = new Map<string, Declaration[]>();
  const used = new Set<string>();
  const pending: string[] = [];
  const markUsed = (value: string) => {
    for (const match of value.matchAll(customPropertyUse)) {
      if (!used.has(match[1]!)) {
        used.add(match[1]!);
        pending.push(match[1]!);
      }
    }
  };
  root.walkDecls((decl) => {
    if (decl.prop.startsWith('--')) {
      definitions.set(decl.prop, [...(definitions.get(decl.prop) ?? []), decl]);
    } else if (!(decl.parent?.type === 'atrule' && (decl.parent as AtRule).name === 'property')) {
      markUsed(decl.value);
    }
  });
  while (pending.length > 0) {
    for (const decl of definitions.get(pending.pop()!) ?? []) markUsed(decl.value);
  }
  for (const [name, decls] of definitions) {
    if (!used.has(name)) for (const decl of decls) decl.remove();
  }
  root.walkAtRules('property', (atRule) => {
    if (!used.has(atRule.params.trim())) atRule.remove();
  });
  root.walkRules((rule) => {
    if (rule.nodes.length === 0) rule.remove();
  });
}

/** The stylesheet `css` cut down to what the page `html` can use (minified as given). */
export function stylesheetForPage(css: string, html: string): string {
  const classes = classesInMarkup(html);
  const root = postcss.parse(css);
  root.walkRules((rule) => {
    if (!ruleApplies(rule, classes)) rule.remove();
  });
  removeEmptyAtRules(root);
  removeUnusedCustomProperties(root);
  removeEmptyAtRules(root);
  root.raws.after = '';
  return root.toString();
}
