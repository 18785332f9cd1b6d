/** Shown for a portal path that names no section. */
export function SelectSection() {
  return <p className="text-slate-700">Select a section</p>;
}
