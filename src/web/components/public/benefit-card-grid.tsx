import type { LucideIcon } from 'lucide-react';

export interface BenefitCard {
  title: string;
  icon: LucideIcon;
  text: string;
}

const cardClass = 'rounded-2xl border border-slate-200 bg-white p-6 shadow-sm';

/** A grid of cards, each with an icon badge, an h3 title and a short text. */
export function BenefitCardGrid({
  items,
  className = 'mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3',
  hoverShadow = true,
}: {
  items: readonly BenefitCard[];
  /** Spacing and grid columns of the list. */
  className?: string;
  /** Whether a card's shadow grows on hover. */
  hoverShadow?: boolean;
}) {
  return (
    <ul className={className}>
      {items.map(({ title, icon: Icon, text }) => (
        <li
          key={title}
          className={hoverShadow ? `${cardClass} transition-shadow hover:shadow-md` : cardClass}
        >
          <span className="inline-flex h-12 w-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
            <Icon className="h-6 w-6" aria-hidden="true" />
          </span>
          <h3 className="mt-4 text-lg font-semibold text-ink">{title}</h3>
          <p className="mt-2 leading-7 text-slate-700">{text}</p>
        </li>
      ))}
    </ul>
  );
}
