/** A dark brand band of large figures, titled by a visually hidden h2. */
export function StatsBand({
  headingId,
  title,
  stats,
}: {
  headingId: string;
  /** Heading for screen readers only. */
  title: string;
  stats: readonly { value: string; label: string }[];
}) {
  return (
    <section aria-labelledby={headingId} className="bg-brand-800 py-16">
      <div className="mx-auto max-w-5xl px-4 sm:px-6 lg:px-8">
        <h2 id={headingId} className="sr-only">
          {title}
        </h2>
        <dl className="grid gap-6 sm:grid-cols-3">
          {stats.map((stat) => (
            <div key={stat.label} className="flex flex-col-reverse text-center">
              <dt className="mt-2 text-base font-medium text-brand-50">{stat.label}</dt>
              <dd className="text-5xl font-extrabold text-white">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
