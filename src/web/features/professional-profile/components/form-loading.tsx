/** In a card whose Edit was chosen, while its form's code loads. */
export function FormLoading() {
  return (
    <p role="status" className="text-sm text-slate-700">
      Loading…
    </p>
  );
}
