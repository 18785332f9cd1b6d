/** One term and its value inside a <dl>: 'Location: Main Office'. */
export function Detail({
  term,
  value,
  className = '',
}: {
  term: string;
  value: string;
  className?: string;
}) {
  return (
    <div className={`flex gap-2 ${className}`}>
      <dt className="font-medium text-slate-700">{term}:</dt>
      <dd className="min-w-0 text-ink [overflow-wrap:anywhere]">{value}</dd>
    </div>
  );
}
