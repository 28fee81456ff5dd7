/** A labelled quantity choice 1…20 (more when the line already has more), for cart and order lines. */
export function QuantitySelect({
  label,
  value,
  busy,
  onChoose,
  className,
}: {
  label: string;
  value: number;
  busy: boolean;
  onChoose: (quantity: number) => void;
  className?: string;
}) {
  return (
    <label className={className}>
      <span className="visually-hidden">{label}</span>
      {/* aria-disabled, not disabled: a disabled control drops the keyboard focus while the change runs. */}
      <select value={value} aria-disabled={busy} onChange={(e) => busy || onChoose(Number(e.target.value))}>
        {Array.from({ length: Math.max(20, value) }, (_, i) => i + 1).map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
    </label>
  );
}
