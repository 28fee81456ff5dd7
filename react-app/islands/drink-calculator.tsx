import type { DrinkCalculatorProps } from '../../core/wire/islands';
import { useId, useMemo, useState } from 'react';
import { drinkQuantities } from '../../core/calculator/drink-maths';
import { DRINK_KINDS, rebalance, type DrinkKind, type DrinkLocks } from '../../core/calculator/rebalance';
import { percentInput, validateGuests, validateLength } from '../../core/calculator/validation';
import { FieldError, invalidProps } from '../shop/field-error';

const LABELS: Record<DrinkKind, string> = { wine: 'Wine', beer: 'Beer', spirit: 'Spirits' };

function PercentRow({
  kind,
  value,
  locked,
  onValue,
  onLock,
}: {
  kind: DrinkKind;
  value: number;
  locked: boolean;
  onValue: (v: number) => void;
  onLock: (l: boolean) => void;
}) {
  const id = useId();
  const [typed, setTyped] = useState<string | null>(null);
  const commit = () => {
    if (typed === null) return;
    const next = percentInput(typed, value);
    setTyped(null);
    if (next !== value) onValue(next);
  };
  return (
    <fieldset className="calc-percent" data-kind={kind}>
      <legend>{LABELS[kind]} %</legend>
      <input
        type="range"
        min={0}
        max={100}
        step={1}
        value={value}
        disabled={locked}
        aria-label={`${LABELS[kind]} percent slider`}
        onChange={(e) => onValue(Number(e.target.value))}
      />
      <input
        id={`${id}-box`}
        type="number"
        min={0}
        max={100}
        inputMode="numeric"
        aria-label={`${LABELS[kind]} percent`}
        disabled={locked}
        value={typed ?? String(value)}
        onChange={(e) => setTyped(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            commit();
          }
        }}
      />
      <label className="calc-lock">
        <input type="checkbox" checked={locked} onChange={(e) => onLock(e.target.checked)} /> Lock {LABELS[kind].toLowerCase()}
      </label>
    </fieldset>
  );
}

/** Drink calculator: guests, length, the wine/beer/spirit split (rebalanced to 100) and champagne → quantities. */
export type { DrinkCalculatorProps };

export default function DrinkCalculator({ guests: g0 = 25, length: l0 = 3 }: DrinkCalculatorProps) {
  const [guests, setGuests] = useState(String(g0));
  const [length, setLength] = useState(String(l0));
  const [percents, setPercents] = useState({ wine: 50, beer: 30, spirit: 20 });
  const [locks, setLocks] = useState<DrinkLocks>({ wine: false, beer: false, spirit: false });
  const [champagne, setChampagne] = useState(false);
  const guestsError = validateGuests(guests);
  const lengthError = validateLength(length);
  const result = useMemo(
    () => (guestsError || lengthError ? null : drinkQuantities({ guests: Number(guests), length: Number(length), champagne, ...percents })),
    [guests, length, champagne, percents, guestsError, lengthError],
  );

  return (
    <form className="drink-calculator" onSubmit={(e) => e.preventDefault()} noValidate>
      <div className="calc-fields">
        <div className="field">
          <label htmlFor="calc-guests">Number of guests</label>
          <input
            id="calc-guests"
            type="number"
            min={1}
            step={1}
            inputMode="numeric"
            value={guests}
            onChange={(e) => setGuests(e.target.value)}
            {...invalidProps('calc-guests-error', guestsError)}
          />
          <FieldError id="calc-guests-error" error={guestsError} />
        </div>
        <div className="field">
          <label htmlFor="calc-length">Length of the event (hours)</label>
          <input
            id="calc-length"
            type="number"
            min={1}
            max={4}
            step={0.5}
            inputMode="decimal"
            value={length}
            onChange={(e) => setLength(e.target.value)}
            {...invalidProps('calc-length-error', lengthError)}
          />
          <FieldError id="calc-length-error" error={lengthError} />
        </div>
      </div>
      <div className="calc-percents">
        {DRINK_KINDS.map((k) => (
          <PercentRow
            key={k}
            kind={k}
            value={percents[k]}
            locked={locks[k]}
            onValue={(v) => setPercents((p) => rebalance(p, locks, k, v))}
            onLock={(l) => setLocks((x) => ({ ...x, [k]: l }))}
          />
        ))}
      </div>
      <label className="calc-champagne">
        <input type="checkbox" checked={champagne} onChange={(e) => setChampagne(e.target.checked)} /> Champagne toast
      </label>
      <section className="calc-result" aria-labelledby="calc-result-title" aria-live="polite">
        <h2 id="calc-result-title">You will need</h2>
        {result ? (
          <dl>
            <div data-result="wine">
              <dt>Wine bottles</dt>
              <dd>{result.wineBottles}</dd>
            </div>
            <div data-result="beer">
              <dt>Beer six-packs</dt>
              <dd>{result.beerSixPacks}</dd>
            </div>
            <div data-result="spirit">
              <dt>Spirit bottles</dt>
              <dd>{result.spiritBottles}</dd>
            </div>
            <div data-result="champagne">
              <dt>Champagne bottles</dt>
              <dd>{result.champagneBottles}</dd>
            </div>
            <div data-result="drinks">
              <dt>Drinks in all</dt>
              <dd>{result.totalDrinks}</dd>
            </div>
          </dl>
        ) : (
          <p>Fix the fields marked above to see the quantities.</p>
        )}
      </section>
    </form>
  );
}
